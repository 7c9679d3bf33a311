import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// An appDef in another encoding than UTF-8 builds as it would in UTF-8; one that cannot be
/// decoded to its end, or whose encoding is refused, builds nothing (the positions of those
/// diagnostics are recorded with the other invalid fixtures).
struct DocumentEncodingTests {
    struct Document: Sendable, CustomTestStringConvertible {
        var name: String
        /// The titles of the first two screens, as the pages must show them.
        var titles: [String]
        var testDescription: String { name }
    }

    /// `Fixtures/encodings`: three screens; the second screen's line holds its title, then a
    /// translation with an attribute SAB does not write, reported after those characters.
    static let documents = [
        Document(name: "utf-16be.xml", titles: ["Café 👍", "日本語"]),
        Document(name: "utf-32le.xml", titles: ["Café 👍", "日本語"]),
        Document(name: "gb18030.xml", titles: ["Café 👍", "日本語"]),
        Document(name: "shift-jis.xml", titles: ["七上下", "日本語"]),
        Document(name: "big5.xml", titles: ["上下", "日本語"]),
        Document(name: "iso-2022-jp.xml", titles: ["七上下", "日本語"]),
        Document(name: "windows-1252.xml", titles: ["Café €", "Ça€"]),
        Document(name: "cr-line-ends.xml", titles: ["Café 👍", "日本語"]),
    ]

    @Test func everyFixtureIsListed() {
        let names = Fixtures.files(in: "encodings").map(\.lastPathComponent).filter { $0.hasSuffix(".xml") }
        #expect(names.sorted() == Self.documents.map(\.name).sorted())
    }

    @Test(arguments: documents)
    func aDocumentInAnotherEncodingBuildsEveryScreenWithItsText(_ document: Document) throws {
        let path = Fixtures.folder("encodings").appendingPathComponent(document.name).path
        let diagnostics = Linter().lint(path: path)
        #expect(!diagnostics.fails(strict: false), "\(diagnostics)")
        let unknown = diagnostics.filter { $0.ruleID == "unknown-attribute" }.map { "\($0.location.line):\($0.location.column)" }
        #expect(unknown == ["9:84"])

        let folder = TemporaryFolder()
        let result = try OnboardingBuilder(options: BuildOptions(outputDirectory: folder.path("out"))).build(appDefPath: path)
        #expect(result.succeeded)
        let files = filesUnder(folder.path("out"))
        let pages = (1...3).map { files["screens/\($0).html"].map { String(decoding: $0, as: UTF8.self) } ?? "" }
        #expect(files["screens/4.html"] == nil)
        #expect(pages[0].contains(document.titles[0]))
        #expect(pages[1].contains(document.titles[1]))
        #expect(pages[2].contains("three"))
    }

    @Test(arguments: [
        "malformed-xml--windows-1252-undefined-byte.xml", "malformed-xml--shift-jis-invalid-sequence.xml",
        "malformed-xml--utf-16-lone-surrogate.xml", "unsupported-encoding--ebcdic.xml", "unsupported-encoding--unknown-name.xml",
    ])
    func aDocumentThatCannotBeDecodedBuildsNothing(_ name: String) throws {
        let folder = TemporaryFolder()
        let path = Fixtures.folder("invalid").appendingPathComponent(name).path
        let result = try OnboardingBuilder(options: BuildOptions(outputDirectory: folder.path("out"))).build(appDefPath: path)
        #expect(!result.succeeded)
        let expectedRule = String(name.split(separator: "--").first!)
        #expect(result.diagnostics.contains { $0.ruleID == expectedRule && $0.severity == .error }, "\(result.diagnostics)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out")))
    }
}
