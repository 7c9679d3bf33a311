import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

struct TemplateTests {
    let builders = Fixtures.samplesRoot.appendingPathComponent("builders/builders.appDef").path

    @Test func theDefaultTemplatesAreTheFilesOfTheTemplatesFolder() throws {
        let folder = Fixtures.samplesRoot.deletingLastPathComponent().appendingPathComponent("Templates")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".mustache") }.sorted()
        #expect(TemplateSet.names == names)
        for name in names {
            #expect(TemplateSet.defaultText(of: name) == (try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)))
        }
    }

    @Test func aTemplateOfTheOverrideFolderReplacesTheBuiltInOne() throws {
        let folder = TemporaryFolder()
        try folder.write("templates/screen.html.mustache", "<p>{{#screen}}{{number}}: {{topTitle}}{{/screen}}</p>\n")
        let result = try OnboardingBuilder(options: BuildOptions(outputDirectory: folder.path("out"), templatesDirectory: folder.path("templates")))
            .build(appDefPath: builders)
        #expect(result.succeeded)
        #expect(try String(contentsOfFile: folder.path("out/screens/2.html"), encoding: .utf8) == "<p>2: The rain came down</p>\n")
        #expect(try String(contentsOfFile: folder.path("out/index.html"), encoding: .utf8).contains("onboarding-slides"), "others stay built-in")
    }

    @Test func aBrokenTemplateIsReportedWithItsFileLineAndColumnAndNothingIsWritten() throws {
        let folder = TemporaryFolder()
        try folder.write("templates/index.html.mustache", "<html>\n<body>\n  {{#screens}}\n  <p>{{number}}</p>\n  {{/screen}}\n</body>\n")
        let result = try OnboardingBuilder(options: BuildOptions(outputDirectory: folder.path("out"), templatesDirectory: folder.path("templates")))
            .build(appDefPath: builders)
        #expect(!result.succeeded)
        let diagnostic = try #require(result.diagnostics.first { $0.ruleID == "template-error" })
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.location.file == folder.path("templates/index.html.mustache"))
        #expect(diagnostic.location.line == 5)
        #expect(diagnostic.location.column == 6, "at the name of the section closed")
        #expect(diagnostic.message.contains("closes a section"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("out")))
    }

    @Test func anUnknownTemplateNameIsAWarningAndAMissingFolderAnError() throws {
        let folder = TemporaryFolder()
        try folder.write("templates/indx.html.mustache", "typo")
        let warned = try OnboardingBuilder(options: BuildOptions(outputDirectory: folder.path("out"), templatesDirectory: folder.path("templates")))
            .build(appDefPath: builders)
        #expect(warned.succeeded)
        #expect(warned.diagnostics.contains { $0.ruleID == "template-error" && $0.severity == .warning && $0.message.contains("indx.html.mustache") })

        let missing = try OnboardingBuilder(options: BuildOptions(outputDirectory: folder.path("out2"), templatesDirectory: folder.path("nope")))
            .build(appDefPath: builders)
        #expect(!missing.succeeded)
    }

    /// `screen-content` is a partial of the built-in pages: a rendering stopped in it is reported
    /// at its own file, at the tag where it was stopped, not at the page that includes it.
    @Test(arguments: [
        // Includes itself for ever: stopped at the inclusion that goes one level too deep.
        ("<div>\n  {{>screen-content}}\n</div>\n", "its partials nest deeper than 64", 2, 3 as Int?),
        // The first inclusion goes deepest first.
        ("x\n{{>screen-content}}{{>screen-content}}", "its partials nest deeper than 64", 2, 1),
        // 4^40 rounds, stopped at one of the section tags of the second line.
        ("<ul>\n" + String(repeating: "{{#screens}}", count: 40) + String(repeating: "{{/screens}}", count: 40), "more than 5000000 steps", 2, nil),
    ])
    func aTemplateThatGrowsWithoutBoundIsStoppedWhereItIsAndNothingIsWritten(_ partial: String, _ reason: String, _ line: Int, _ column: Int?) throws {
        let folder = TemporaryFolder()
        try folder.write("templates/screen-content.mustache", partial)
        let result = try OnboardingBuilder(options: BuildOptions(outputDirectory: folder.path("out"), templatesDirectory: folder.path("templates")))
            .build(appDefPath: builders)
        #expect(!result.succeeded)
        let diagnostic = try #require(result.diagnostics.first { $0.ruleID == "template-error" })
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.message.contains("was stopped: "), "\(diagnostic.message)")
        #expect(diagnostic.message.contains(reason), "\(diagnostic.message)")
        #expect(diagnostic.location.file == folder.path("templates/screen-content.mustache"), "\(diagnostic.location)")
        #expect(diagnostic.location.line == line, "\(diagnostic.location)")
        if let column {
            #expect(diagnostic.location.column == column, "\(diagnostic.location)")
        } else {
            #expect(diagnostic.location.column % "{{#screens}}".count == 1, "at the start of a section tag: \(diagnostic.location)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("out")))
    }
}
