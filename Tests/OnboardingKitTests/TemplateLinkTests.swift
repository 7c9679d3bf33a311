import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// Templates are read only from the `--templates` folder and exported only into the folder
/// given: a link that leads out of it is neither read nor written through, as for images.
struct TemplateLinkTests {
    let builders = Fixtures.samplesRoot.appendingPathComponent("builders/builders.appDef").path

    /// Builds the builders sample into `out` with the templates of `templates`, both in `folder`.
    func buildWithTemplates(in folder: TemporaryFolder) throws -> OnboardingBuilder.Result {
        try OnboardingBuilder(options: BuildOptions(outputDirectory: folder.path("out"), templatesDirectory: folder.path("templates")))
            .build(appDefPath: builders)
    }

    @Test func aTemplateThatIsALinkOutOfTheFolderIsRefusedAndNotRead() throws {
        let folder = TemporaryFolder()
        try folder.write("outside/secret.txt", "SECRET {{lang}}")
        try FileManager.default.createDirectory(atPath: folder.path("templates"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("templates/index.html.mustache"), withDestinationPath: folder.path("outside/secret.txt"))
        let result = try buildWithTemplates(in: folder)
        #expect(!result.succeeded)
        let refusal = try #require(result.diagnostics.first { $0.ruleID == "template-error" })
        #expect(refusal.severity == .error)
        #expect(refusal.message.contains("link that leads out of"), "\(refusal.message)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out")))
    }

    @Test func aTemplateThatIsALinkInsideTheFolderIsRead() throws {
        let folder = TemporaryFolder()
        try folder.write("templates/shared/screen.mustache", "<p>{{#screen}}{{number}}{{/screen}}</p>\n")
        try FileManager.default.createSymbolicLink(atPath: folder.path("templates/screen.html.mustache"), withDestinationPath: "shared/screen.mustache")
        let result = try buildWithTemplates(in: folder)
        #expect(result.succeeded, "\(result.diagnostics.map(\.message))")
        #expect(try String(contentsOfFile: folder.path("out/screens/2.html"), encoding: .utf8) == "<p>2</p>\n")
    }

    @Test func exportingOverALinkIsRefusedAndWritesNothing() throws {
        let folder = TemporaryFolder()
        try folder.write("victim.txt", "keep me")
        try FileManager.default.createDirectory(atPath: folder.path("templates"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("templates/screen.html.mustache"), withDestinationPath: folder.path("victim.txt"))
        #expect(throws: OutputError.self) { try TemplateSet.exportDefaults(to: folder.path("templates"), overwrite: true) }
        #expect(try String(contentsOfFile: folder.path("victim.txt"), encoding: .utf8) == "keep me")
        let exported = try FileManager.default.contentsOfDirectory(atPath: folder.path("templates"))
        #expect(exported == ["screen.html.mustache"], "nothing written before the refusal either")
    }

    @Test func exportingWithForceOverwritesTheFilesThemselves() throws {
        let folder = TemporaryFolder()
        try folder.write("templates/screen.html.mustache", "old")
        let written = try TemplateSet.exportDefaults(to: folder.path("templates"), overwrite: true)
        #expect(written.count == TemplateSet.names.count)
        #expect(
            try String(contentsOfFile: folder.path("templates/screen.html.mustache"), encoding: .utf8) == TemplateSet.defaultText(of: "screen.html.mustache"))
    }
}
