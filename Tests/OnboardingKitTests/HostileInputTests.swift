import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

#if canImport(Glibc)
    import Glibc
#endif

/// Input made to hurt: it must end in a clear diagnostic or a correct result, quickly, without
/// reading a file or touching the network.
struct HostileInputTests {
    func lint(_ text: String) -> [Diagnostic] {
        Linter().lint(bytes: Array(text.utf8), path: "hostile.appDef")
    }

    /// A TCP listener on 127.0.0.1 that counts the connections it gets.
    final class Listener {
        let descriptor: Int32
        let port: UInt16

        init() throws {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
            }
            guard bound == 0, listen(descriptor, 8) == 0 else {
                close(descriptor)
                throw POSIXError(.EADDRINUSE)
            }
            _ = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
            }
            _ = fcntl(descriptor, F_SETFL, O_NONBLOCK)
            self.descriptor = descriptor
            self.port = UInt16(bigEndian: address.sin_port)
        }

        deinit { close(descriptor) }

        /// Whether anyone connected (accepts without waiting).
        var wasContacted: Bool {
            let client = accept(descriptor, nil, nil)
            if client >= 0 { close(client) }
            return client >= 0
        }
    }

    @Test func entitiesAndDTDsOnTheNetworkAreNeverFetched() throws {
        let listener = try Listener()
        let url = "http://127.0.0.1:\(listener.port)"
        for document in [
            "<?xml version=\"1.0\"?><!DOCTYPE r SYSTEM \"\(url)/dtd\"><app-definition/>",
            "<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY e SYSTEM \"\(url)/e\">]><app-definition>&e;</app-definition>",
            "<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY % p SYSTEM \"\(url)/p\"> %p;]><app-definition/>",
        ] {
            #expect(lint(document).map(\.ruleID) == ["doctype-forbidden"])
        }
        Thread.sleep(forTimeInterval: 0.1)
        #expect(!listener.wasContacted)
    }

    @Test func aQuadraticBlowUpIsRefusedAtItsDoctype() {
        let big = String(repeating: "x", count: 100_000)
        let document = "<!DOCTYPE r [<!ENTITY big \"\(big)\">]><app-definition>" + String(repeating: "&big;", count: 20_000) + "</app-definition>"
        let start = ContinuousClock.now
        #expect(lint(document).map(\.ruleID) == ["doctype-forbidden"])
        // A guard against expansion, not a performance figure: expanding would take minutes.
        #expect(ContinuousClock.now - start < .seconds(5))
    }

    @Test func invalidUTF8AndNULAreDiagnosticsWithTheirPosition() {
        let invalid = Linter().lint(bytes: Array("<app-definition>\n  <app-name>".utf8) + [0xC3, 0x28] + Array("</app-name></app-definition>".utf8), path: "x")
        #expect(invalid.first?.ruleID == "malformed-xml")
        #expect(invalid.first?.location.line == 2)
        let nul = lint("<app-definition><app-name>a\u{0}b</app-name></app-definition>")
        #expect(nul.first?.ruleID == "malformed-xml")
    }

    @Test func deepNestingIsADiagnostic() {
        let depth = 100_000
        let document = "<app-definition>" + String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth) + "</app-definition>"
        let diagnostics = lint(document)
        #expect(diagnostics.map(\.ruleID) == ["malformed-xml"])
        #expect(diagnostics.first?.message.contains("depth") == true, "\(diagnostics.map(\.message))")
    }

    @Test func aHugeTextNodeInsideAScreenIsADiagnostic() {
        let text = String(repeating: "word ", count: 10_000_000)
        let document =
            "<app-definition><onboarding-screen><title type=\"top-title\"><translation>\(text)</translation></title></onboarding-screen></app-definition>"
        let diagnostics = lint(document)
        #expect(diagnostics.contains { $0.ruleID == "malformed-xml" && $0.message.lowercased().contains("huge") }, "\(diagnostics.map(\.message))")
    }

    @Test func tenThousandScreensAreRead() throws {
        let screen = "<onboarding-screen><title type=\"top-title\"><t>Hi</t></title><title type=\"top-title\"><t>Again</t></title></onboarding-screen>"
        let document = "<app-definition>" + String(repeating: screen, count: 10_000) + "</app-definition>"
        let diagnostics = lint(document)
        #expect(diagnostics.filter { $0.ruleID == "duplicate-field" }.count == 10_000)
        let rendered = OnboardingBuilder().render(appDefBytes: Array(document.utf8), appDefPath: "/nonexistent/x.appDef")
        #expect(rendered.files == nil, "duplicate fields are errors")
    }

    @Test func aHundredThousandTranslationsAreRead() {
        let translations = (0..<100_000).map { "<t lang=\"x-l\($0)\">text \($0)</t>" }.joined()
        let document =
            "<app-definition><onboarding-screen><title type=\"top-title\"><t>Default</t>\(translations)<t lang=\"x-l7\">again</t></title></onboarding-screen></app-definition>"
        let diagnostics = lint(document)
        #expect(diagnostics.filter { $0.severity != .note }.map(\.ruleID) == ["duplicate-language"])
    }
}
