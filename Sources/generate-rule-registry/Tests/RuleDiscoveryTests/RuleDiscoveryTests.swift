import Foundation
import RuleDiscovery
import Testing

struct RuleDiscoveryTests {
    @Test func findsEveryFormOfConformance() {
        let source = """
            internal struct FooRule: Rule {}
            final class BarRule: Rule {}
            struct BazRule {}
            extension BazRule: Rule {}
            public enum QuxRule: Sendable, OnboardingKit.Rule {}
            fileprivate actor CorgeRule: Rule & Sendable {}
            enum Outer {
                struct InnerRule: Rule {}
            }
            @available(*, deprecated) private struct OldRule: @unchecked Sendable, Rule {}
            """
        #expect(
            RuleDiscovery.ruleTypes(inSource: source) == ["FooRule", "BarRule", "BazRule", "QuxRule", "CorgeRule", "Outer.InnerRule", "OldRule"])
    }

    @Test func leavesOutWhatIsNotARule() {
        let source = """
            protocol Rule {}
            protocol StrictRule: Rule {}
            struct RuleExample: Hashable {}
            struct RuleDescription {}
            struct NotARule: RuleLike {}
            // struct CommentedRule: Rule {}
            let text = "struct QuotedRule: Rule {}"
            """
        #expect(RuleDiscovery.ruleTypes(inSource: source).isEmpty)
    }

    @Test func listsByCategoryFolderThenPath() {
        let categories = RuleDiscovery.categoryFolders(
            inSource: """
                public enum RuleCategory: String {
                    /// First.
                    case reading
                    case appSettings
                }
                """)
        #expect(categories == ["Reading", "AppSettings"])
        let files = [
            (path: "AppSettings/ARule.swift", source: "struct ARule: Rule {}"),
            (path: "Loose.swift", source: "internal struct LooseRule: Rule {}"),
            (path: "Reading/ZRule.swift", source: "struct ZRule: Rule {}"),
            (path: "Reading/BRule.swift", source: "final class BRule: Rule {}"),
        ]
        #expect(RuleDiscovery.registry(files: files, categoryFolders: categories) == ["BRule", "ZRule", "ARule", "LooseRule"])
    }

    /// The committed registry is what the rules' sources give: a rule cannot be left out of it.
    @Test func theCommittedRegistryIsUpToDate() throws {
        let rulesFolder = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Linting/Rules")
        let generated = try RuleRegistryFile.generate(rulesFolder: rulesFolder)
        let committed = try String(contentsOf: rulesFolder.appendingPathComponent(RuleRegistryFile.name), encoding: .utf8)
        #expect(generated.components(separatedBy: "(),\n").count - 1 >= 40, "the rules' sources were read")
        #expect(committed == generated, "run make rules-registry")
    }
}
