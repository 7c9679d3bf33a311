import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

struct RulesCommandTests {
    @Test func listsEveryRuleOnALineStartingWithItsIdUnderItsCategory() throws {
        let result = try ToolRunner.run(["rules"])
        #expect(result.status == 0)
        // Groups are separated by an empty line; each starts with its category's heading.
        let groups = result.standardOutput.split(separator: "\n\n").map { $0.split(separator: "\n") }
        let categories = RuleCategory.allCases.filter { category in RuleRegistry.descriptions.contains { $0.category == category } }
        #expect(groups.map { String($0.first ?? "") } == categories.map { "\($0.title):" })
        #expect(groups.map(\.count).reduce(0, +) - groups.count == RuleRegistry.descriptions.count)
        for (group, category) in zip(groups, categories) {
            let rules = RuleRegistry.descriptions.filter { $0.category == category }
            #expect(group.count - 1 == rules.count, "\(category)")
            for (line, description) in zip(group.dropFirst(), rules) {
                #expect(line.hasPrefix(description.id + " "))
                #expect(line.contains(" \(description.severity.rawValue) "))
                #expect(line.hasSuffix(description.summary))
            }
        }
    }

    @Test func describesOneRuleWithItsExamples() throws {
        let result = try ToolRunner.run(["rules", "invalid-color"])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("invalid-color (error, safety: cannot be disabled)"))
        #expect(result.standardOutput.contains("Triggers:"))
        #expect(result.standardOutput.contains("Does not trigger:"))
        #expect(result.standardOutput.contains("red;}body{display:none"))
    }

    @Test func unknownRuleIsAUsageError() throws {
        let result = try ToolRunner.run(["rules", "no-such-rule"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("no rule 'no-such-rule'"))
    }
}

struct RuleSelectionCommandTests {
    let colorFixture = "Tests/OnboardingKitTests/Fixtures/invalid/unknown-background-mode.xml"

    @Test func disableTurnsARuleOffOnLintAndBuild() throws {
        #expect(try ToolRunner.run(["lint", colorFixture]).status == 1)
        let lint = try ToolRunner.run(["lint", "--disable", "unknown-background-mode", colorFixture])
        #expect(lint.status == 0, "\(lint.standardOutput)")
        #expect(!lint.standardOutput.contains("[unknown-background-mode]"))
    }

    @Test func aSafetyRuleCannotBeDisabled() throws {
        let result = try ToolRunner.run(["lint", "--disable", "doctype-forbidden", colorFixture])
        #expect(result.status != 0)
        #expect(result.standardError.contains("'doctype-forbidden' guards the tool's safety and cannot be disabled"))
        let build = try ToolRunner.run(["build", "--disable", "unsafe-image-path", colorFixture])
        #expect(build.status != 0)
    }

    @Test func enableTurnsAnOptInRuleOn() throws {
        let fixture = "Tests/OnboardingKitTests/Fixtures/invalid/long-text.xml"
        let off = try ToolRunner.run(["lint", "--strict", fixture])
        #expect(off.status == 0, "long-text is off unless enabled")
        #expect(!off.standardOutput.contains("[long-text]"))
        let on = try ToolRunner.run(["lint", "--enable", "long-text", "--strict", fixture])
        #expect(on.status == 1)
        #expect(on.standardOutput.contains("warning: this text has 92 words; onboarding reads best with at most 40 [long-text]"))
    }

    @Test func templatesAreListedAndExported() throws {
        let list = try ToolRunner.run(["templates", "list"])
        #expect(list.status == 0)
        #expect(list.standardOutput.split(separator: "\n").contains("index.html.mustache"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sab-templates-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try ToolRunner.run(["templates", "export", folder]).status == 0)
        let exported = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(exported == list.standardOutput.split(separator: "\n").map(String.init).sorted())
        let again = try ToolRunner.run(["templates", "export", folder])
        #expect(again.status == 1)
        #expect(again.standardError.contains("give --force"))
        #expect(try ToolRunner.run(["templates", "export", "--force", folder]).status == 0)
        let built = try ToolRunner.run(["build", "Samples/builders/builders.appDef", "--templates", folder, "--out", folder + "/out"])
        #expect(built.status == 0, "the exported templates build")
    }
}
