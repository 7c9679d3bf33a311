import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// Lint checks an image file without keeping its bytes; the build reads them again to publish
/// them. A file replaced in between (a sync client, an attacker racing the build) is checked
/// again: what the build publishes or resizes is what passed, or the build stops with an error.
struct ImageReplacedTests {
    /// A project whose one screen shows `logo.gif`, a 64×64 GIF of one small frame, looked up
    /// as lint looks it up.
    func lookedUp() throws -> (folder: TemporaryFolder, syntax: AppDefSyntax, images: ImageFolder) {
        let folder = TemporaryFolder()
        try folder.write(
            "app.appDef",
            """
            <app-definition><onboarding-screen>
              <title type="top-title"><translation>Hi</translation></title>
              <onboarding-screen-image lang="default"><image>logo.gif</image></onboarding-screen-image>
            </onboarding-screen></app-definition>
            """)
        try folder.write("images/onboarding/logo.gif", Data(ImageFrameSizeTests.gif(screen: (64, 64), frames: [(0, 0, 64, 64)])))
        let syntax = AppDefReader.read(path: folder.path("app.appDef"))
        let images = ImageFolder(appDefPath: folder.path("app.appDef"), override: nil)
        #expect(!Linter().lint(LintContext(syntax: syntax, images: images)).fails(strict: false))
        return (folder, syntax, images)
    }

    /// Same header, same screen: only a frame reaching 20000×20000 pixels differs, which a
    /// browser takes tens of seconds to draw. With --keep-original-images it would be published
    /// as it is.
    @Test func aFileReplacedAfterLintIsNotPublished() throws {
        let (folder, syntax, images) = try lookedUp()
        try folder.write("images/onboarding/logo.gif", Data(ImageFrameSizeTests.gif(screen: (64, 64), frames: [(0, 0, 20_000, 20_000)])))
        let project = OnboardingProject(syntax: syntax, images: images)
        #expect(project.images["logo.gif"] == nil)
        let published = ImagePublisher.publish(project, options: BuildOptions(outputDirectory: folder.path("out"), keepsOriginalImages: true))
        let error = try #require(published.diagnostics.first)
        #expect(error.severity == .error && error.ruleID == "image-not-decodable")
        #expect(error.location.line == 3)
        #expect(error.message.contains("'logo.gif' cannot be published: it was replaced while the build read it"), "\(error.message)")
        #expect(error.message.contains("20000×20000"), "\(error.message)")
    }

    @Test func aFileGoneAfterLintIsAnErrorNotAScreenWithoutItsImage() throws {
        let (folder, syntax, images) = try lookedUp()
        try FileManager.default.removeItem(atPath: folder.path("images/onboarding/logo.gif"))
        let published = ImagePublisher.publish(
            OnboardingProject(syntax: syntax, images: images), options: BuildOptions(outputDirectory: folder.path("out"), keepsOriginalImages: true))
        #expect(published.diagnostics.map(\.message) == ["'logo.gif' cannot be published: it can no longer be read"])
    }

    @Test func anUnchangedFileIsPublished() throws {
        let (folder, syntax, images) = try lookedUp()
        let published = ImagePublisher.publish(
            OnboardingProject(syntax: syntax, images: images), options: BuildOptions(outputDirectory: folder.path("out"), keepsOriginalImages: true))
        #expect(published.diagnostics.isEmpty)
        #expect(published.project.images["logo.gif"] != nil)
    }
}
