import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// The working directory the SARIF tests relativise against; it need not exist.
private let workingDirectory = "/work/project"

/// A small fixed list covering every severity, notes, characters that need escaping and paths
/// inside and outside the working directory.
private let sampleDiagnostics: [Diagnostic] = [
    Diagnostic(
        ruleID: "invalid-color", severity: .error,
        location: SourceLocation(file: "/work/project/Samples/my app/a,b:c.xml", line: 3, column: 5),
        message: "100% wrong: a, b\r\nc", notes: ["note one", "note: two, %0A"]),
    Diagnostic(
        ruleID: "empty-text", severity: .warning,
        location: SourceLocation(file: "app.xml", line: 1, column: 1), message: "empty"),
    Diagnostic(
        ruleID: "button-label-fallback", severity: .note,
        location: SourceLocation(file: "./screens/../app.xml", line: 2, column: 7), message: "falls back"),
    Diagnostic(
        ruleID: "template-error", severity: .error,
        location: SourceLocation(file: "/elsewhere/tpl/screen.mustache", line: 4, column: 2), message: "unclosed section"),
]

/// The reporters' tests, grouped so that `swift test --filter ReporterTests` runs them all.
enum ReporterTests {}

extension ReporterTests {
    struct GitHub {
        @Test func writesOneEscapedWorkflowCommandPerDiagnostic() {
            let expected = """
                ::error file=/work/project/Samples/my app/a%2Cb%3Ac.xml,line=3,col=5,title=invalid-color::100%25 wrong: a, b<U+000D><U+000A>c%0Anote one%0Anote: two, %250A
                ::warning file=app.xml,line=1,col=1,title=empty-text::empty
                ::notice file=./screens/../app.xml,line=2,col=7,title=button-label-fallback::falls back
                ::error file=/elsewhere/tpl/screen.mustache,line=4,col=2,title=template-error::unclosed section

                """
            #expect(GitHubReporter().report(sampleDiagnostics) == expected)
        }

        @Test func printsNothingWithoutDiagnostics() {
            #expect(GitHubReporter().report([]) == "")
        }

        @Test func escapesAsTheActionsToolkitDoes() {
            #expect(GitHubReporter.escapeData("a%b\rc\nd:e,f") == "a%25b%0Dc%0Ad:e,f")
            #expect(GitHubReporter.escapeProperty("a%b\rc\nd:e,f") == "a%25b%0Dc%0Ad%3Ae%2Cf")
            // `%` goes first, so an escape already in the text is not decoded by GitHub.
            #expect(GitHubReporter.escapeData("%0A") == "%250A")
            // "\r\n" is a single Swift character but two escapes.
            #expect(GitHubReporter.escapeData("x\r\ny") == "x%0D%0Ay")
        }
    }

    struct SARIF {
        private let reporter = SARIFReporter(workingDirectory: workingDirectory)

        private func parsed(_ diagnostics: [Diagnostic] = sampleDiagnostics) throws -> [String: Any] {
            let data = Data(reporter.report(diagnostics).utf8)
            return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        }

        private func run(_ log: [String: Any]) throws -> [String: Any] {
            let runs = try #require(log["runs"] as? [[String: Any]])
            try #require(runs.count == 1)
            return runs[0]
        }

        private func driver(_ log: [String: Any]) throws -> [String: Any] {
            let tool = try #require(try run(log)["tool"] as? [String: Any])
            return try #require(tool["driver"] as? [String: Any])
        }

        private func rules(_ log: [String: Any]) throws -> [[String: Any]] {
            try #require(try driver(log)["rules"] as? [[String: Any]])
        }

        private func text(_ object: Any?, _ key: String) -> String? {
            (object as? [String: Any])?[key].flatMap { ($0 as? [String: Any])?["text"] as? String }
        }

        @Test func hasTheTopLevelKeysAndDriver() throws {
            let log = try parsed()
            #expect(log["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
            #expect(log["version"] as? String == "2.1.0")
            let driver = try driver(log)
            #expect(driver["name"] as? String == "sab-onboarding")
            #expect(driver["version"] as? String == SabOnboardingVersion.current)
            #expect(driver["semanticVersion"] as? String == SabOnboardingVersion.current)
            let informationURI = try #require(driver["informationUri"] as? String)
            #expect(URL(string: informationURI)?.scheme == "https")
            #expect(try run(log)["artifacts"] == nil)
        }

        @Test func listsEveryRegistryRuleAndTemplateError() throws {
            let rules = try rules(try parsed([]))
            let ids = rules.compactMap { $0["id"] as? String }
            #expect(
                ids == RuleRegistry.descriptions.map(\.id) + [
                    "template-error", "image-cache-not-used", "font-cache-not-used", "font-published-whole",
                ])
            for (rule, description) in zip(rules, RuleRegistry.descriptions) {
                #expect(text(rule, "shortDescription") == description.summary)
                #expect(text(rule, "fullDescription") == description.rationale)
                let help = try #require(text(rule, "help"))
                #expect(help.hasPrefix(description.rationale))
                #expect(help.hasSuffix("Run `sab-onboarding rules \(description.id)` for examples."))
                let configuration = rule["defaultConfiguration"] as? [String: Any]
                #expect(configuration?["level"] as? String == description.severity.rawValue)
            }
            let template = try #require(rules.dropLast(3).last)
            #expect(template["name"] as? String == "TemplateError")
            #expect(text(template, "shortDescription")?.isEmpty == false)
            #expect(text(template, "fullDescription")?.isEmpty == false)
            #expect(text(template, "help")?.isEmpty == false)
            #expect((template["defaultConfiguration"] as? [String: Any])?["level"] as? String == "error")
            let builds = zip(
                rules.suffix(3), [("ImageCacheNotUsed", "note"), ("FontCacheNotUsed", "note"), ("FontPublishedWhole", "warning")])
            for (rule, (name, level)) in builds {
                #expect(rule["name"] as? String == name)
                #expect(text(rule, "shortDescription")?.isEmpty == false && text(rule, "fullDescription")?.isEmpty == false)
                #expect((rule["defaultConfiguration"] as? [String: Any])?["level"] as? String == level)
            }
        }

        @Test func namesRulesInUpperCamelCase() throws {
            let rules = try rules(try parsed([]))
            let name = rules.first { $0["id"] as? String == "image-max-height-without-image" }?["name"] as? String
            #expect(name == "ImageMaxHeightWithoutImage")
            #expect(SARIFReporter.upperCamelCase("doctype-forbidden") == "DoctypeForbidden")
            for rule in rules {
                let name = try #require(rule["name"] as? String)
                #expect(name.first?.isUppercase == true && name.allSatisfy { $0.isLetter || $0.isNumber }, "\(name)")
            }
        }

        @Test func writesOneResultPerDiagnostic() throws {
            let log = try parsed()
            let rules = try rules(log)
            let results = try #require(try run(log)["results"] as? [[String: Any]])
            #expect(results.count == sampleDiagnostics.count)
            for (result, diagnostic) in zip(results, sampleDiagnostics) {
                #expect(result["ruleId"] as? String == diagnostic.ruleID)
                let index = try #require(result["ruleIndex"] as? Int)
                #expect(rules.indices.contains(index) && rules[index]["id"] as? String == diagnostic.ruleID)
                #expect(result["level"] as? String == diagnostic.severity.rawValue)
                #expect(text(result, "message") == ([diagnostic.message] + diagnostic.notes).joined(separator: "\n"))
                let locations = try #require(result["locations"] as? [[String: Any]])
                let physical = try #require(locations.first?["physicalLocation"] as? [String: Any])
                let artifact = try #require(physical["artifactLocation"] as? [String: Any])
                #expect(artifact["uri"] is String)
                let region = try #require(physical["region"] as? [String: Any])
                #expect(region["startLine"] as? Int == diagnostic.location.line)
                #expect(region["startColumn"] as? Int == diagnostic.location.column)
            }
            let uris = results.map {
                (($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
                    .flatMap { ($0["artifactLocation"] as? [String: Any])?["uri"] as? String }
            }
            #expect(uris == ["Samples/my%20app/a%2Cb%3Ac.xml", "app.xml", "app.xml", "file:///elsewhere/tpl/screen.mustache"])
        }

        @Test func makesPathsRelativeToTheWorkingDirectory() {
            func uri(_ path: String, in directory: String = workingDirectory) -> String {
                SARIFReporter.uri(forPath: path, workingDirectory: directory)
            }
            #expect(uri("/work/project/a/b.xml") == "a/b.xml")
            #expect(uri("a/b.xml") == "a/b.xml")
            #expect(uri("./a/./b.xml") == "a/b.xml")
            #expect(uri("a/../b.xml", in: "/work/project/") == "b.xml")
            #expect(uri("my app/100%.xml") == "my%20app/100%25.xml")
            #expect(uri("é#?[].xml") == "%C3%A9%23%3F%5B%5D.xml")
            // Not under the working directory: an absolute file URI, since no relative one would do.
            #expect(uri("../other/x.xml") == "file:///work/other/x.xml")
            #expect(uri("/work/project2/x.xml") == "file:///work/project2/x.xml")
            #expect(uri("/tmp/a b.xml") == "file:///tmp/a%20b.xml")
            #expect(uri("/tmp/x.xml", in: "/") == "tmp/x.xml")
        }

        @Test func givesUnknownRuleIDsARuleToPointAt() throws {
            let diagnostic = Diagnostic(
                ruleID: "something-new", severity: .warning, location: SourceLocation(file: "a.xml", line: 0, column: 0),
                message: "new")
            let log = try parsed([diagnostic])
            let rules = try rules(log)
            let result = try #require((try run(log)["results"] as? [[String: Any]])?.first)
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(index == rules.count - 1 && rules[index]["id"] as? String == "something-new")
            #expect(rules[index]["name"] as? String == "SomethingNew")
            // SARIF positions start at 1.
            let region = ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"]
            #expect((region as? [String: Any])?["startLine"] as? Int == 1)
        }

        @Test func isDeterministic() {
            let first = reporter.report(sampleDiagnostics)
            #expect(first == SARIFReporter(workingDirectory: workingDirectory).report(sampleDiagnostics))
            #expect(first == reporter.report(sampleDiagnostics))
            #expect(first.hasSuffix("}\n") && first.contains("\n  \"version\": \"2.1.0\",\n"))
        }

        @Test func defaultsToTheCurrentDirectory() {
            #expect(SARIFReporter().workingDirectory == FileManager.default.currentDirectoryPath)
        }
    }

    struct Formats {
        @Test func offersEveryFormat() {
            #expect(ReportFormat.allCases.map(\.rawValue) == ["text", "json", "sarif", "github"])
            #expect(ReportFormat.sarif.reporter(colored: true) is SARIFReporter)
            #expect(ReportFormat.github.reporter(colored: true) is GitHubReporter)
        }
    }
}
