import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import Mustache
@testable import OnboardingKit

/// The template context is written down once (``TemplateContextSchema``): what the pages get is
/// exactly that, and every name the built-in templates use is in it.
struct TemplateContextTests {
    @Test func everyNameTheBuiltInTemplatesUseIsAValueTheyReceive() throws {
        let loaded = TemplateSet.load(overrideFolder: nil)
        let templates = try #require(loaded.templates)
        #expect(TemplateContextCheck(templates: templates.templates, paths: templates.paths).unknownNames == [])
    }

    @Test func aNameNoValueHasIsFoundWhereItIsWithTheValuesInEffectThere() throws {
        let templates: [String: MustacheTemplate] = [
            "index.html": try MustacheTemplate(parsing: "<title>{{titel}}</title>\n{{#screens}}{{> screen-content}}{{/screens}}"),
            "screen.html": try MustacheTemplate(parsing: "{{#screen}}{{> screen-content}}{{/screen}}{{screen.image.src}}{{dataJSON}}"),
            // `screen` is a value of screen pages only: unknown where the carousel includes it.
            "screen-content": try MustacheTemplate(parsing: "{{#image}}{{src}} {{.width}} {{.title}}{{/image}}\n{{screen.number}}"),
        ]
        let paths = ["index.html": "t/index", "screen.html": "t/screen", "screen-content": "t/content"]
        let unknown = TemplateContextCheck(templates: templates, paths: paths).unknownNames.map { "\($0.path):\($0.line):\($0.column) \($0.name)" }
        #expect(
            unknown.sorted() == [
                "t/content:1:30 .title",  // `title` is on the page, not in the image
                "t/content:2:1 screen.number",
                "t/index:1:8 titel",
                "t/screen:1:63 dataJSON",  // the carousel's only
            ])
    }

    @Test func aBuildWarnsOfAMisspeltNameInAUsersTemplateAndStillBuilds() throws {
        let folder = TemporaryFolder()
        try folder.write("app.appDef", FontBuildTests.appDef)
        try folder.write("templates/screen-content.mustache", "<h2>\n  {{topTitel}}</h2>\n")
        let result = try OnboardingBuilder(options: BuildOptions(outputDirectory: folder.path("out"), templatesDirectory: folder.path("templates")))
            .build(appDefPath: folder.path("app.appDef"))
        #expect(result.succeeded)
        let warnings = result.diagnostics.filter { $0.ruleID == "template-error" }
        #expect(warnings.count == 1, "\(warnings)")
        let warning = try #require(warnings.first)
        #expect(warning.severity == .warning)
        #expect(warning.location == SourceLocation(file: folder.path("templates/screen-content.mustache"), line: 2, column: 3))
        #expect(warning.message == "'topTitel' is not a value templates receive here; it renders as nothing")
    }

    /// Each sample, and a project with web fonts: the values of every page, checked member by
    /// member against the schema both ways.
    @Test(arguments: Fixtures.sampleAppDefs.map(\.path) + ["fonts"])
    func thePagesGetExactlyTheValuesTheSchemaGives(_ appDef: String) throws {
        let folder = TemporaryFolder()
        var path = appDef
        if appDef == "fonts" {
            path = folder.path("app.appDef")
            try folder.write("app.appDef", FontBuildTests.appDef)
            try folder.write("fonts/CharisSIL-R.ttf", font: DebianFonts.charis)
            try folder.write("fonts/CharisSIL-B.ttf", font: DebianFonts.charisBold)
        }
        let options = BuildOptions(outputDirectory: folder.path("out"))
        let read = OnboardingProject(syntax: AppDefReader.read(path: path), images: ImageFolder(appDefPath: path, override: nil))
        let project = FontPublisher.publish(ImagePublisher.publish(read, options: options).project).project
        let context = PageContext(project: project, options: options)
        let common = context.common
        var problems: [String] = []
        compare(context.index(common: common), with: TemplateContextSchema.fields(on: .carousel), at: "carousel", problems: &problems)
        compare(context.common, with: TemplateContextSchema.fields(on: .styleAndScripts), at: "scripts", problems: &problems)
        for screen in project.screens {
            compare(
                context.screenPage(screen, common: common), with: TemplateContextSchema.fields(on: .screenPage), at: "screen \(screen.number)",
                problems: &problems)
        }
        #expect(problems == [])
        if appDef == "fonts" {
            #expect(context.common["fontFaces"].flatMap { if case .list(let faces) = $0 { faces.count } else { nil } } == 2)
        }
    }

    private func compare(_ values: [String: TemplateValue], with fields: [TemplateContextField], at place: String, problems: inout [String]) {
        for name in values.keys.sorted() where !fields.contains(where: { $0.name == name }) {
            problems.append("\(place): '\(name)' is not in the schema")
        }
        for field in fields {
            guard let value = values[field.name] else {
                if !field.isOptional { problems.append("\(place): '\(field.name)' is missing") }
                continue
            }
            let here = "\(place).\(field.name)"
            switch (field.kind, value) {
            case (.text, .string), (.number, .number), (.flag, .bool):
                continue
            case (.object, .object(let members)):
                compare(members, with: field.fields, at: here, problems: &problems)
            case (.list, .list(let items)):
                for (index, item) in items.enumerated() {
                    guard case .object(let members) = item else {
                        problems.append("\(here)[\(index)] is not an object")
                        continue
                    }
                    compare(members, with: field.fields, at: "\(here)[\(index)]", problems: &problems)
                }
            default:
                problems.append("\(here) is \(value), not a \(field.kind.rawValue)")
            }
        }
    }
}
