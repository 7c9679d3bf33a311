import Testing

@testable import OnboardingKit

struct RuleRegistryTests {
    @Test func idsAreUniqueAndKebabCase() {
        let ids = RuleRegistry.descriptions.map(\.id)
        #expect(Set(ids).count == ids.count)
        for id in ids {
            #expect(id.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" } && !id.hasPrefix("-") && !id.hasSuffix("-"), "\(id)")
        }
    }

    @Test func everyRuleDescribesItselfAndShowsBothOutcomes() {
        for description in RuleRegistry.descriptions {
            #expect(!description.summary.isEmpty && !description.summary.contains("\n"), "\(description.id): one-line summary")
            #expect(!description.rationale.isEmpty, "\(description.id): rationale")
            // A file that cannot be read cannot be written as an example; its tests are in the CLI suite.
            guard description.id != "unreadable-file" else { continue }
            #expect(!description.triggeringExamples.isEmpty, "\(description.id): triggering example")
            #expect(!description.nonTriggeringExamples.isEmpty, "\(description.id): non-triggering example")
        }
    }

    @Test func safetyRulesAreErrors() {
        let safety = RuleRegistry.descriptions.filter(\.isSafetyRule)
        #expect(Set(safety.map(\.id)) == ["doctype-forbidden", "invalid-color", "unsafe-image-path"])
        #expect(safety.allSatisfy { $0.severity == .error })
    }
}
