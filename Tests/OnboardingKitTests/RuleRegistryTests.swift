import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// That the registry misses no rule is the generator's test (`make rules-registry-test`): it
/// finds the rules in the sources with swift-syntax.
struct RuleRegistryTests {
    static let rulesFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/Linting/Rules")

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

    /// A rule's category is also its folder, so that a contributor finds it where `rules` lists it.
    @Test func everyRuleSitsInItsOwnFileInItsCategorysFolder() {
        for rule in RuleRegistry.rules {
            let description = type(of: rule).description
            let folder = description.category.rawValue.prefix(1).uppercased() + description.category.rawValue.dropFirst()
            let file = Self.rulesFolder.appendingPathComponent("\(folder)/\(type(of: rule)).swift")
            #expect(FileManager.default.fileExists(atPath: file.path), "\(description.id): \(file.path)")
        }
    }

    @Test func safetyRulesAreErrors() {
        let safety = RuleRegistry.descriptions.filter(\.isSafetyRule)
        #expect(Set(safety.map(\.id)) == ["doctype-forbidden", "invalid-color", "unsafe-image-path", "font-not-a-font"])
        #expect(safety.allSatisfy { $0.severity == .error })
    }
}
