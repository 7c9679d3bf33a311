import Foundation
import Testing

/// The README's rule table is generated from the registry: it must say what the tool does.
struct ReadmeTests {
    @Test func theRuleTableIsTheRegistrys() throws {
        let readme = try String(contentsOf: ToolRunner.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "<!-- rules:start -->\n"))
        let end = try #require(readme.range(of: "<!-- rules:end -->"))
        let table = String(readme[start.upperBound..<end.lowerBound])
        let generated = try ToolRunner.run(["rules", "--markdown"])
        #expect(generated.status == 0)
        #expect(table == generated.standardOutput, "regenerate the table with `sab-onboarding rules --markdown`")
    }

    @Test func theReadmeStartsWithTheTwoCommands() throws {
        let readme = try String(contentsOf: ToolRunner.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let opening = readme.split(separator: "\n").prefix(6).joined(separator: "\n")
        #expect(opening.contains("make demo") && opening.contains("make test"))
    }
}

/// The README's list of template values is the schema's.
struct ReadmeTemplateContextTests {
    @Test func theListOfTemplateValuesIsTheSchemas() throws {
        let readme = try String(contentsOf: ToolRunner.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "<!-- template-context:start -->\n"))
        let end = try #require(readme.range(of: "<!-- template-context:end -->"))
        let generated = try ToolRunner.run(["templates", "context", "--markdown"])
        #expect(generated.status == 0)
        #expect(
            String(readme[start.upperBound..<end.lowerBound]) == generated.standardOutput, "regenerate it with `sab-onboarding templates context --markdown`")
    }
}
