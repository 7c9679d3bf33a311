import Foundation
import Testing

@testable import OnboardingKit

/// Every file of `Fixtures/invalid` is linted, opt-in rules on; its diagnostics must be exactly those recorded in
/// `Fixtures/invalid/expected/<file>.txt` (text format, file names relative). A fixture named
/// `<rule-id>--<case>` or `<rule-id>.<ext>` must produce that rule.
/// Re-record with `RECORD_FIXTURES=1 swift test`.
struct InvalidFixtureTests {
    static let fixtures = Fixtures.files(in: "invalid").map(\.lastPathComponent)

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
        expectMatchesGolden(report, at: expectedURL)

        let ruleID = String(name.split(separator: ".").first!.components(separatedBy: "--").first!)
        let rule = RuleRegistry.description(of: ruleID)
        if rule != nil {
            #expect(diagnostics.contains { $0.ruleID == ruleID }, "\(name) must trigger \(ruleID)")
        }
        if rule?.severity != .note {
            #expect(diagnostics.fails(strict: true), "an invalid fixture must fail lint --strict")
        }
    }

    @Test func everyRuleHasAnInvalidFixture() {
        let covered = Set(Self.fixtures.map { String($0.split(separator: ".").first!.components(separatedBy: "--").first!) })
        let uncovered = RuleRegistry.descriptions.map(\.id).filter {
            !covered.contains($0) && !["unreadable-file", "no-onboarding-screens"].contains($0)
        }
        #expect(uncovered.isEmpty, "rules without a fixture in Fixtures/invalid: \(uncovered)")
    }
}
