import Foundation
import Testing

/// The text of a page of the project, by its path from the package's root.
private func page(_ path: String) throws -> String {
    try String(contentsOf: ToolRunner.packageRoot.appendingPathComponent(path), encoding: .utf8)
}

/// What lies between two marker comments of a page, which a command generates.
private func generatedPart(of text: String, between start: String, and end: String) throws -> String {
    let start = try #require(text.range(of: "<!-- \(start) -->\n"))
    let end = try #require(text.range(of: "<!-- \(end) -->"))
    return String(text[start.upperBound..<end.lowerBound])
}

/// The README is the project's front door: what to run comes first.
struct ReadmeTests {
    @Test func theReadmeStartsWithTheTwoCommands() throws {
        let opening = try page("README.md").split(separator: "\n").prefix(6).joined(separator: "\n")
        #expect(opening.contains("make demo") && opening.contains("make test"))
    }
}

/// The rule tables of Documentation/Rules.md are generated from the registry: they must say
/// what the tool does.
struct RulesPageTests {
    @Test func theRuleTableIsTheRegistrys() throws {
        let table = try generatedPart(of: page("Documentation/Rules.md"), between: "rules:start", and: "rules:end")
        let generated = try ToolRunner.run(["rules", "--markdown"])
        #expect(generated.status == 0)
        #expect(table == generated.standardOutput, "regenerate the table with `make rules-table`")
    }
}

/// The list of template values in Documentation/Templates.md is the schema's.
struct TemplatesPageTests {
    @Test func theListOfTemplateValuesIsTheSchemas() throws {
        let list = try generatedPart(of: page("Documentation/Templates.md"), between: "template-context:start", and: "template-context:end")
        let generated = try ToolRunner.run(["templates", "context", "--markdown"])
        #expect(generated.status == 0)
        #expect(list == generated.standardOutput, "regenerate it with `sab-onboarding templates context --markdown`")
    }
}
