import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// Every file of `Fixtures/invalid` is linted, opt-in rules on; its diagnostics must be exactly those recorded in
/// `Fixtures/invalid/expected/<file>.txt` (text format, file names relative). A fixture named
/// `<rule-id>--<case>` or `<rule-id>.<ext>` must produce that rule.
/// Re-record with `RECORD_FIXTURES=1 swift test --filter InvalidFixtureTests`, or one rule's with
/// `RECORD_FIXTURES=<rule-id>[,<rule-id>...]`.
struct InvalidFixtureTests {
    static let fixtures = Fixtures.files(in: "invalid").map(\.lastPathComponent)

    /// The fixtures' one font is the rule examples' font drawing nothing, byte for byte, so that
    /// the two cannot drift apart (the fixture is committed; the examples' font is made).
    /// `RECORD_FIXTURES=font` writes it again.
    @Test func theFixtureFontIsTheExamplesFont() throws {
        let file = Fixtures.folder("invalid/fonts").appendingPathComponent("Placeholder.ttf")
        if ProcessInfo.processInfo.environment["RECORD_FIXTURES"] == "font" {
            // The source's copy, not the test bundle's.
            let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/invalid/fonts/Placeholder.ttf")
            try Data(TinyFont.drawingNothing).write(to: source)
            Issue.record("wrote \(source.path): build again and review it")
        }
        let committed = try Data(contentsOf: file)
        #expect([UInt8](committed) == TinyFont.drawingNothing)
    }

    @Test(arguments: fixtures)
    func fixtureProducesItsRecordedDiagnostics(_ name: String) throws {
        let url = Fixtures.folder("invalid").appendingPathComponent(name)
        // Opt-in rules are on here, so that their fixtures show them.
        let optIn = RuleRegistry.descriptions.filter(\.isOptIn).map(\.id)
        let linter = Linter(options: LintOptions(rules: try RuleSelection(disable: [], enable: optIn)))
        let diagnostics = linter.lint(path: url.path).map { diagnostic in
            var relative = diagnostic
            relative.location.file = name
            return relative
        }
        let expectedURL = Fixtures.folder("invalid/expected").appendingPathComponent(name + ".txt")
        // Notes name the images folder: keep the recorded text free of this machine's paths.
        let report = TextReporter().report(diagnostics)
            .replacingOccurrences(of: Fixtures.folder("invalid").path + "/", with: "")
        let ruleID = Self.ruleID(ofFixture: name)
        expectMatchesGolden(report, at: expectedURL, ruleID: ruleID)

        let rule = RuleRegistry.description(of: ruleID)
        if rule != nil {
            #expect(diagnostics.contains { $0.ruleID == ruleID }, "\(name) must trigger \(ruleID)")
        }
        if rule?.severity != .note {
            #expect(diagnostics.fails(strict: true), "an invalid fixture must fail lint --strict")
        }
    }

    /// The rule a fixture is of: `<rule-id>.xml` or `<rule-id>--<case>.xml`.
    static func ruleID(ofFixture name: String) -> String {
        String(name.split(separator: ".").first!.components(separatedBy: "--").first!)
    }

    /// A rule id given to `RECORD_FIXTURES` that no rule has would record nothing, and the run
    /// would pass with the variable set.
    @Test func recordingNamesRulesThatExist() {
        guard let ruleIDs = FixtureRecording.current?.ruleIDs else { return }
        let unknown = ruleIDs.filter { RuleRegistry.description(of: $0) == nil }.sorted()
        #expect(!ruleIDs.isEmpty, "RECORD_FIXTURES names no rule: give 1 for every golden file, or rule ids")
        #expect(unknown.isEmpty, "RECORD_FIXTURES names no rule \(unknown): 'sab-onboarding rules' lists them")
    }

    @Test func recordingChoosesAllOrTheNamedRulesFixtures() {
        #expect(FixtureRecording(nil) == nil)
        let all = FixtureRecording("1")
        #expect(all?.records(ruleID: "empty-text") == true && all?.records(ruleID: nil) == true)
        let some = FixtureRecording("empty-text, invalid-color")
        #expect(some?.ruleIDs == ["empty-text", "invalid-color"])
        #expect(some?.records(ruleID: "invalid-color") == true)
        #expect(some?.records(ruleID: "long-text") == false)
        #expect(some?.records(ruleID: nil) == false, "a build's golden files are recorded with 1 alone")
        #expect(Self.ruleID(ofFixture: "empty-text--whitespace.xml") == "empty-text")
        #expect(Self.ruleID(ofFixture: "empty-text.xml") == "empty-text")
    }

    @Test func everyRuleHasAnInvalidFixture() {
        let covered = Set(Self.fixtures.map(Self.ruleID(ofFixture:)))
        let uncovered = RuleRegistry.descriptions.map(\.id).filter {
            !covered.contains($0) && !["unreadable-file", "no-onboarding-screens"].contains($0)
        }
        #expect(uncovered.isEmpty, "rules without a fixture in Fixtures/invalid: \(uncovered)")
    }
}
