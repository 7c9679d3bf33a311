import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// Real appDef files, as SAB wrote them (RealAppDefs), and the project's samples.
struct RealAppDefTests {
    static let realFiles = RealAppDefs.files

    @Test(.enabled(if: RealAppDefs.available, RealAppDefs.absent))
    func theRealFilesAreAllThere() {
        #expect(Self.realFiles.count == 14)
    }

    @Test func theSamplesAreAllThere() {
        #expect(Fixtures.sampleAppDefs.count >= 3)
    }

    @Test(.enabled(if: RealAppDefs.available, RealAppDefs.absent), arguments: realFiles)
    func realFileWithoutScreensGivesOnlyTheNote(_ url: URL) {
        let diagnostics = Linter().lint(path: url.path)
        #expect(diagnostics.map(\.ruleID) == ["no-onboarding-screens"])
        #expect(diagnostics.first?.severity == .note)
    }

    /// As they are, without screens: the build writes a gate that lets the app open.
    @Test(.enabled(if: RealAppDefs.available, RealAppDefs.absent), arguments: realFiles)
    func realFileBuildsAsItIs(_ url: URL) throws {
        let output = TemporaryFolder()
        let result = try OnboardingBuilder(options: BuildOptions(outputDirectory: output.path("out"))).build(appDefPath: url.path)
        #expect(result.succeeded, "\(result.diagnostics.map(\.message))")
        #expect(!result.writtenFiles.contains { $0.hasPrefix("screens/") })
        let gate = try String(contentsOfFile: output.path("out/onboarding-gate.js"), encoding: .utf8)
        #expect(!gate.contains("location"), "without screens the gate sends no one anywhere")
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output.path("out/onboarding.json")))) as? [String: Any]
        #expect((manifest?["screens"] as? [Any])?.isEmpty == true)
    }

    /// With screens in each of the file's interface languages, in the file's own form: lint
    /// passes, the build succeeds, and the manifest has every language's text and the file's
    /// own button words.
    @Test(.enabled(if: RealAppDefs.available, RealAppDefs.absent), arguments: realFiles)
    func realFileWithScreensLintsAndBuilds(_ url: URL) throws {
        let real = try RealAppDefWithScreens(url)
        let folder = TemporaryFolder()
        try folder.write(url.lastPathComponent, real.text)
        let appDef = folder.path(url.lastPathComponent)
        let diagnostics = Linter().lint(path: appDef)
        #expect(!diagnostics.fails(strict: false), "\(diagnostics.map { "\($0.location): \($0.message)" })")
        let result = try OnboardingBuilder(options: BuildOptions(outputDirectory: folder.path("out"))).build(appDefPath: appDef)
        #expect(result.succeeded)
        #expect(result.writtenFiles.filter { $0.hasPrefix("screens/") }.count == 2)

        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path("out/onboarding.json")))) as? [String: Any])
        #expect(manifest["languages"] as? [String] == real.languages)
        let screens = try #require(manifest["screens"] as? [[String: Any]])
        let title = try #require(screens.first?["topTitle"] as? [String: String])
        #expect(title["default"] == "Welcome 1")
        for language in real.languages {
            #expect(title[language] == RealAppDefWithScreens.text("Welcome 1", in: language))
        }
        let syntax = AppDefReader.read(path: appDef)
        let buttons = try #require(manifest["buttons"] as? [String: [String: String]])
        for (id, key) in [("Button_Skip", "skip"), ("Button_Next", "next"), ("Button_Start", "start")] {
            for language in real.languages {
                guard let own = syntax.buttonMappings[id]?.translations.first(where: { $0.attribute("lang")?.value == language })?.trimmedText,
                    !own.isEmpty
                else { continue }
                #expect(buttons[key]?[language] == own, "\(id) in \(language)")
            }
        }
    }

    /// Screens placed inside real files, before the root's end tag: the problem must be found at
    /// the right line and column, also far along the one-line exports.
    @Test(.enabled(if: RealAppDefs.available, RealAppDefs.absent), arguments: realFiles)
    func problemInAScreenAddedToARealFileIsFoundWhereItIs(_ url: URL) throws {
        var text = try String(contentsOf: url, encoding: .utf8)
        let shortForm = text.contains("<tm ")
        let end = try #require(text.range(of: "</app-definition>", options: .backwards))
        let translation = shortForm ? "t" : "translation"
        let screen =
            "<onboarding-screens><onboarding-screen><title type=\"top-title\"><\(translation)>Karibu</\(translation)></title>"
            + "<title type=\"middle-title\"><\(translation)>x</\(translation)></title></onboarding-screen></onboarding-screens>"
        text.insert(contentsOf: screen, at: end.lowerBound)
        // Counted on scalars: "\r\n" is one Character, and project files have CRLF lines.
        let prefixLines = text[..<text.range(of: "type=\"middle-title\"")!.lowerBound].unicodeScalars
            .split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLine = prefixLines.count
        let expectedColumn = (prefixLines.last?.count ?? 0) + 1

        let all = Linter().lint(bytes: Array(text.utf8), path: url.lastPathComponent)
        #expect(!all.contains { $0.severity == .error && $0.ruleID != "unknown-title-type" }, "\(all.map(\.message))")
        let diagnostics = all.filter { $0.ruleID == "unknown-title-type" }
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.location.line == expectedLine)
        #expect(diagnostics.first?.location.column == expectedColumn)
        if url.lastPathComponent.hasPrefix("Ind-Zikundwa") { #expect(expectedLine == 1 && expectedColumn > 100_000) }
    }

    @Test(arguments: Fixtures.sampleAppDefs)
    func sampleLintsCleanEvenWhenStrict(_ url: URL) {
        let diagnostics = Linter().lint(path: url.path)
        #expect(!diagnostics.fails(strict: true), "\(diagnostics.map { "\($0.location): \($0.message)" })")
        #expect(AppDefReader.read(path: url.path).screens.count >= 3)
    }
}

/// The same document in each encoding and line-ending style gives the same diagnostics.
struct EncodingTests {
    static let document = """
        <?xml version="1.0" encoding="ENCODING"?>
        <app-definition type="SAB">
          <!-- a comment with <onboarding-screen> inside -->
          <onboarding-screens>
            <onboarding-screen>
              <title type="top-title"><translation><![CDATA[Ünïcödé & <b>CDATA</b>]]></translation></title>
              <title type="top-title"><translation>日本語</translation><translation lang="en_GB">x</translation></title>
            </onboarding-screen>
          </onboarding-screens>
        </app-definition>

        """

    static let expected = ["7:14 duplicate-field", "7:74 invalid-language-code"]

    @Test(arguments: ["utf-8", "utf-8-bom", "utf-8-crlf", "utf-16le", "utf-16be"])
    func encodingDoesNotMoveDiagnostics(_ form: String) {
        var text = Self.document.replacingOccurrences(of: "ENCODING", with: form.hasPrefix("utf-16") ? "UTF-16" : "UTF-8")
        if form == "utf-8-crlf" { text = text.replacingOccurrences(of: "\n", with: "\r\n") }
        let bytes: [UInt8] =
            switch form {
            case "utf-8-bom": [0xEF, 0xBB, 0xBF] + Array(text.utf8)
            case "utf-16le": [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
            case "utf-16be": [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            default: Array(text.utf8)
            }
        let syntax = AppDefReader.read(bytes: bytes, file: form)
        let diagnostics = Linter().lint(syntax)
        #expect(diagnostics.map { "\($0.location.line):\($0.location.column) \($0.ruleID)" } == Self.expected)
        let firstText = syntax.screens.first?.children.first?.children.first?.text
        #expect(firstText == "Ünïcödé & <b>CDATA</b>")
    }
}
