import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// A name of `<fonts>` is read from the fonts folder as a file there, never through a link:
/// lint refuses a link at its entry, wherever it leads (the same folder, out of the project),
/// and a build that finds a link where lint found a font refuses it too, reading nothing.
struct FontLinkTests {
    static let linkReason = "'Charis.ttf' is not a font the build can publish: it is a link, which the build never follows"

    @Test(arguments: ["Real.ttf", DebianFonts.charis.path])
    func aLinkIsAnErrorAtItsEntryWhereverItLeads(_ destination: String) throws {
        let folder = TemporaryFolder()
        try folder.write("app.appDef", FontNotAFontTests.appDef)
        try folder.write("fonts/Real.ttf", font: DebianFonts.charis)
        try FileManager.default.createSymbolicLink(atPath: folder.path("fonts/Charis.ttf"), withDestinationPath: destination)
        let diagnostics = Linter().lint(path: folder.path("app.appDef"))
        #expect(diagnostics.map(\.ruleID) == ["font-not-a-font"], "\(diagnostics.map(\.message))")
        let error = try #require(diagnostics.first)
        #expect(error.severity == .error)
        #expect(error.location == SourceLocation(file: folder.path("app.appDef"), line: 5, column: 7))
        #expect(error.message.hasPrefix(Self.linkReason), "\(error.message)")
        let result = try OnboardingBuilder(options: BuildOptions(outputDirectory: folder.path("out"))).build(appDefPath: folder.path("app.appDef"))
        #expect(!result.succeeded)
        #expect(result.diagnostics.map(\.ruleID) == ["font-not-a-font"])
    }

    /// The fonts folder itself a link (to the machine's fonts, carried by a pull request): lint
    /// and the build refuse its fonts; a folder swapped for a link after lint is refused too.
    @Test func aFontsFolderThatIsALinkIsRefused() throws {
        let folder = TemporaryFolder()
        try folder.write("app.appDef", FontNotAFontTests.appDef)
        try folder.write("elsewhere/Charis.ttf", font: DebianFonts.charis)
        try FileManager.default.createSymbolicLink(atPath: folder.path("fonts"), withDestinationPath: folder.path("elsewhere"))
        let diagnostics = Linter().lint(path: folder.path("app.appDef"))
        #expect(diagnostics.map(\.ruleID) == ["font-not-a-font"], "\(diagnostics.map(\.message))")
        #expect(diagnostics.first?.message.contains(FontSourceFile.folderLinkReason) == true, "\(diagnostics.map(\.message))")
        let result = try OnboardingBuilder(options: BuildOptions(outputDirectory: folder.path("out"))).build(appDefPath: folder.path("app.appDef"))
        #expect(!result.succeeded)

        try FileManager.default.removeItem(atPath: folder.path("fonts"))
        try folder.write("fonts/Charis.ttf", font: DebianFonts.andika)
        let project = try #require(FontBuildTests.project(at: folder.path("app.appDef")))
        try FileManager.default.removeItem(atPath: folder.path("fonts"))
        try FileManager.default.createSymbolicLink(atPath: folder.path("fonts"), withDestinationPath: folder.path("elsewhere"))
        let swapped = FontPublisher.publish(project, cacheFolder: nil)
        #expect(swapped.project.fontAssets.isEmpty)
        #expect(swapped.diagnostics.first?.message.contains(FontSourceFile.folderLinkReason) == true, "\(swapped.diagnostics.map(\.message))")
    }

    /// The font lint checked is replaced by a link to a font outside the project before the
    /// build reads it: the build refuses it at its entry, and publishes nothing of it.
    @Test func aFontSwappedForALinkAfterLintIsRefusedByTheBuild() throws {
        let folder = TemporaryFolder()
        try folder.write("app.appDef", FontNotAFontTests.appDef)
        try folder.write("fonts/Charis.ttf", font: DebianFonts.andika)
        let project = try #require(FontBuildTests.project(at: folder.path("app.appDef")))
        #expect(project.fonts.fonts.map(\.fileName) == ["Charis.ttf"])
        try FileManager.default.removeItem(atPath: folder.path("fonts/Charis.ttf"))
        try FileManager.default.createSymbolicLink(atPath: folder.path("fonts/Charis.ttf"), withDestinationPath: DebianFonts.charis.path)
        let result = FontPublisher.publish(project, cacheFolder: nil)
        #expect(result.project.fontAssets.map(\.outputPath) == [])
        #expect(result.diagnostics.map(\.ruleID) == ["font-not-a-font"])
        let error = try #require(result.diagnostics.first)
        #expect(error.severity == .error)
        #expect(error.location == SourceLocation(file: folder.path("app.appDef"), line: 5, column: 7))
        #expect(error.message.hasPrefix(Self.linkReason), "\(error.message)")
    }

    /// Lint's check of a font's structure opens the file as the plan found it, never through a
    /// link put in its place since.
    @Test func lintsCheckOfAFontSwappedForALinkRefusesIt() throws {
        let folder = TemporaryFolder()
        try folder.write("fonts/Charis.ttf", font: DebianFonts.charis)
        #expect(FontFileCheck.problem(at: folder.path("fonts/Charis.ttf")) == nil)
        try FileManager.default.removeItem(atPath: folder.path("fonts/Charis.ttf"))
        try FileManager.default.createSymbolicLink(atPath: folder.path("fonts/Charis.ttf"), withDestinationPath: DebianFonts.charis.path)
        let problem = try #require(FontFileCheck.problem(at: folder.path("fonts/Charis.ttf")))
        #expect(problem.description.hasPrefix("it is a link, which the build never follows"), "\(problem.description)")
    }
}
