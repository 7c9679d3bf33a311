import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

struct RuleSelectionTests {
    let fixture = Fixtures.folder("invalid").appendingPathComponent("unknown-element.xml").path

    @Test func aDisabledRuleDoesNotRun() throws {
        #expect(Linter().lint(path: fixture).contains { $0.ruleID == "unknown-element" })
        let selection = try RuleSelection(disable: ["unknown-element"], enable: [])
        #expect(!Linter(options: LintOptions(rules: selection)).lint(path: fixture).contains { $0.ruleID == "unknown-element" })
    }

    @Test func anOptInRuleRunsOnlyWhenEnabled() throws {
        let longText = try #require(RuleRegistry.description(of: "long-text"))
        #expect(longText.isOptIn)
        #expect(!RuleSelection().runs(longText))
        #expect(try RuleSelection(disable: [], enable: ["long-text"]).runs(longText))
    }

    @Test(arguments: ["doctype-forbidden", "invalid-color", "unsafe-image-path"])
    func safetyRulesCannotBeDisabled(_ id: String) {
        #expect(throws: RuleSelection.Problem.self) { try RuleSelection(disable: [id], enable: []) }
    }

    @Test func unknownIdsAreRefused() {
        #expect(throws: RuleSelection.Problem.self) { try RuleSelection(disable: ["no-such-rule"], enable: []) }
        #expect(throws: RuleSelection.Problem.self) { try RuleSelection(disable: [], enable: ["no-such-rule"]) }
        #expect(throws: RuleSelection.Problem.self) { try RuleSelection(disable: ["empty-text"], enable: ["empty-text"]) }
    }

    @Test func aBuildWithADisabledErrorRuleStillBuildsWhatItCan() throws {
        let folder = TemporaryFolder()
        try folder.write(
            "app.appDef",
            """
            <app-definition><onboarding-screen>
              <title type="top-title"><translation>Hello</translation></title>
              <onboarding-screen-image lang="default"><image>C:\\missing.png</image></onboarding-screen-image>
              <features type="onboarding-screen"><feature name="image-max-height" value="45"/></features>
            </onboarding-screen></app-definition>
            """)
        let options = BuildOptions(outputDirectory: folder.path("out"), rules: try RuleSelection(disable: ["image-not-found"], enable: []))
        let result = try OnboardingBuilder(options: options).build(appDefPath: folder.path("app.appDef"))
        #expect(result.succeeded)
        let page = try String(contentsOfFile: folder.path("out/screens/1.html"), encoding: .utf8)
        #expect(page.contains("Hello") && !page.contains("<img"))
    }
}

/// A file that cannot be read to its end must never build part of a carousel: the rules that
/// say so cannot be disabled.
struct ReadingRuleTests {
    @Test(arguments: ["unreadable-file", "malformed-xml", "unsupported-encoding"])
    func readingRulesCannotBeDisabled(_ id: String) throws {
        let description = try #require(RuleRegistry.description(of: id))
        #expect(description.isReadingRule)
        #expect(throws: RuleSelection.Problem.self) { try RuleSelection(disable: [id], enable: []) }
        #expect(RuleSelection().runs(description))
    }
}
