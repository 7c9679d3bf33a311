import Foundation
import Testing

@testable import OnboardingKit

struct RulesCommandTests {
    @Test func listsEveryRuleOnALineStartingWithItsId() throws {
        let result = try ToolRunner.run(["rules"])
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n")
        let ids = RuleRegistry.descriptions.map(\.id)
        #expect(lines.count == ids.count)
        for (line, description) in zip(lines, RuleRegistry.descriptions) {
            #expect(line.hasPrefix(description.id + " "))
            #expect(line.contains(" \(description.severity.rawValue) "))
            #expect(line.hasSuffix(description.summary))
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
        #expect(result.status != 0)
        #expect(result.standardError.contains("no rule 'no-such-rule'"))
    }
}
