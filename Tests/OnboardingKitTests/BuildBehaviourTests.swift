import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

struct BuildBehaviourTests {
    let builders = Fixtures.samplesRoot.appendingPathComponent("builders/builders.appDef").path

    @Test func twoBuildsAreByteIdentical() throws {
        let first = TemporaryFolder()
        let second = TemporaryFolder()
        _ = try OnboardingBuilder(options: BuildOptions(outputDirectory: first.path("out"))).build(appDefPath: builders)
        _ = try OnboardingBuilder(options: BuildOptions(outputDirectory: second.path("out"))).build(appDefPath: builders)
        let a = filesUnder(first.path("out"))
        let b = filesUnder(second.path("out"))
        #expect(a.count >= 10)
        #expect(a == b)
    }

    @Test func aFailedBuildLeavesThePreviousOutputUntouched() throws {
        let folder = TemporaryFolder()
        let out = folder.path("out")
        _ = try OnboardingBuilder(options: BuildOptions(outputDirectory: out)).build(appDefPath: builders)
        let before = filesUnder(out)

        let broken = folder.path("broken.appDef")
        var text = try String(contentsOfFile: builders, encoding: .utf8)
        text = text.replacingOccurrences(of: "value=\"#80FF65\"", with: "value=\"red\"")
        try folder.write("broken.appDef", text)
        let result = try OnboardingBuilder(options: BuildOptions(outputDirectory: out)).build(appDefPath: broken)
        #expect(!result.succeeded)
        #expect(result.diagnostics.contains { $0.ruleID == "invalid-color" })
        #expect(filesUnder(out) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasPrefix(".out.") }
        #expect(leftovers.isEmpty, "no temporary folder is left behind")
    }

    @Test func aBuildWithErrorsWritesNothing() throws {
        let folder = TemporaryFolder()
        let result = try OnboardingBuilder(options: BuildOptions(outputDirectory: folder.path("out")))
            .build(appDefPath: Fixtures.folder("invalid").appendingPathComponent("invalid-color.xml").path)
        #expect(!result.succeeded)
        #expect(!FileManager.default.fileExists(atPath: folder.path("out")))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }

    @Test func aRebuildRemovesItsStaleFilesAndKeepsFilesItDidNotWrite() throws {
        let folder = TemporaryFolder()
        let out = folder.path("out")
        let fourScreens = try String(contentsOfFile: builders, encoding: .utf8)
        try folder.write("app.appDef", fourScreens)
        try FileManager.default.copyItem(
            atPath: Fixtures.samplesRoot.appendingPathComponent("builders/images").path, toPath: folder.path("images"))
        _ = try OnboardingBuilder(options: BuildOptions(outputDirectory: out)).build(appDefPath: folder.path("app.appDef"))
        #expect(FileManager.default.fileExists(atPath: folder.path("out/screens/4.html")))
        try folder.write("out/notes/mine.txt", "the user's own file")
        try FileManager.default.createSymbolicLink(atPath: folder.path("out/shared"), withDestinationPath: "../elsewhere")
        try FileManager.default.createDirectory(atPath: folder.path("out/drafts/empty"), withIntermediateDirectories: true)

        // One screen fewer: its page goes, the user's file stays.
        let lastScreen = try #require(fourScreens.range(of: "<onboarding-screen>", options: .backwards))
        let end = try #require(fourScreens.range(of: "</onboarding-screen>", options: .backwards))
        try folder.write("app.appDef", fourScreens.replacingCharacters(in: lastScreen.lowerBound..<end.upperBound, with: ""))
        let result = try OnboardingBuilder(options: BuildOptions(outputDirectory: out)).build(appDefPath: folder.path("app.appDef"))
        #expect(result.succeeded)
        #expect(!FileManager.default.fileExists(atPath: folder.path("out/screens/4.html")))
        #expect(FileManager.default.fileExists(atPath: folder.path("out/screens/3.html")))
        #expect(try String(contentsOfFile: folder.path("out/notes/mine.txt"), encoding: .utf8) == "the user's own file")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.path("out/shared")) == "../elsewhere", "a link stays a link, never followed")
        #expect(FolderWalk.kind(of: folder.path("out/drafts/empty")) == .folder, "an empty folder stays")
    }

    @Test func aFolderNotWrittenByTheToolIsNotReplaced() throws {
        let folder = TemporaryFolder()
        try folder.write("site/index.html", "<p>my own page</p>")
        #expect(throws: OutputError.self) {
            try OnboardingBuilder(options: BuildOptions(outputDirectory: folder.path("site"))).build(appDefPath: builders)
        }
        #expect(try String(contentsOfFile: folder.path("site/index.html"), encoding: .utf8) == "<p>my own page</p>")
    }

    @Test func manifestCommandGivesTheSameJSONAsTheBuild() throws {
        let folder = TemporaryFolder()
        _ = try OnboardingBuilder(options: BuildOptions(outputDirectory: folder.path("out"))).build(appDefPath: builders)
        let built = try String(contentsOfFile: folder.path("out/onboarding.json"), encoding: .utf8)
        #expect(OnboardingBuilder().manifest(appDefPath: builders).json == built)
    }

    @Test func fieldsAbsentFromTheAppDefAreAbsentFromThePage() throws {
        let folder = TemporaryFolder()
        _ = try OnboardingBuilder(options: BuildOptions(outputDirectory: folder.path("out"))).build(appDefPath: builders)
        // Screen 4 has a top title and a bottom subtitle only, and no image.
        let page = try String(contentsOfFile: folder.path("out/screens/4.html"), encoding: .utf8)
        #expect(page.contains("class=\"onboarding-top-text-title\""))
        #expect(page.contains("class=\"onboarding-bottom-text-subtitle\""))
        #expect(!page.contains("onboarding-top-text-subtitle"))
        #expect(!page.contains("onboarding-bottom-text-title"))
        #expect(!page.contains("onboarding-image-block"))
        #expect(!page.contains("<img"))
    }
}
