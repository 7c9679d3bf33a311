import Foundation
import Testing

@testable import AppDefModel
@testable import FontProcessing
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// Every id the tool gives a diagnostic has a descriptor of its own in a SARIF log's
/// `tool.driver.rules`, not the stand-in made for an id no rule describes ("Problems reported
/// as 'x'."), which tells GitHub's code scanning nothing of what the problem is.
struct SARIFRuleDescriptorTests {
    /// The library's modules, whose sources give diagnostics.
    static let sourcesFolders = ["AppDefModel", "Linting", "Generation", "OnboardingKit"].map {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/\($0)")
    }

    /// The ids of diagnostics the sources give outside the rule registry: a string literal
    /// given as `ruleID:`, a `static let …ID = "…"`, or one of `BuildDiagnosticID`'s.
    static func idsGivenOutsideTheRegistry() throws -> Set<String> {
        let patterns = [#/ruleID: "([a-z0-9-]+)"/#, #/static let \w*ID = "([a-z0-9-]+)"/#]
        let buildIDs = #/static let \w+ = "([a-z0-9-]+)"/#
        var ids: Set<String> = []
        for folder in sourcesFolders {
            let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
            for case let file as URL in files where file.pathExtension == "swift" {
                let text = try String(contentsOf: file, encoding: .utf8)
                for pattern in patterns + (file.lastPathComponent == "BuildDiagnosticID.swift" ? [buildIDs] : []) {
                    for match in text.matches(of: pattern) { ids.insert(String(match.output.1)) }
                }
            }
        }
        return ids
    }

    @Test func everyIdTheSourcesGiveHasADescriptor() throws {
        let ids = try Self.idsGivenOutsideTheRegistry()
        // The scan finds what it must, or it proves nothing.
        #expect(
            ids.isSuperset(of: ["template-error", "image-cache-not-used", "font-cache-not-used", "font-not-published", "font-published-whole"]),
            "\(ids.sorted())")
        let described = Set(SARIFReporter.knownRules.map(\.id))
        #expect(ids.subtracting(described).isEmpty, "no descriptor: \(ids.subtracting(described).sorted())")
        #expect(Set(RuleRegistry.descriptions.map(\.id)).isSubset(of: described))
    }

    /// A font published whole, reported as SARIF: its rule is described as itself.
    @Test func aFontPublishedWholeIsDescribedInTheLog() throws {
        let folder = TemporaryFolder()
        try folder.write("app.appDef", WholeFontTests.appDef)
        try folder.write("fonts/Kerned.ttf", Data(try WholeFontTests.kernedOnly()))
        let project = try #require(FontBuildTests.project(at: folder.path("app.appDef")))
        let diagnostics = FontPublisher.publish(project, cacheFolder: nil).diagnostics
        #expect(diagnostics.map(\.ruleID) == ["font-published-whole"])
        let log = SARIFReporter(workingDirectory: folder.path("")).report(diagnostics)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(log.utf8)) as? [String: Any])
        let run = try #require((json["runs"] as? [[String: Any]])?.first)
        let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        let result = try #require((run["results"] as? [[String: Any]])?.first)
        let index = try #require(result["ruleIndex"] as? Int)
        try #require(rules.indices.contains(index))
        let rule = rules[index]
        #expect(rule["id"] as? String == "font-published-whole")
        let summary = try #require((rule["shortDescription"] as? [String: Any])?["text"] as? String)
        #expect(!summary.hasPrefix("Problems reported as"), "\(summary)")
    }
}
