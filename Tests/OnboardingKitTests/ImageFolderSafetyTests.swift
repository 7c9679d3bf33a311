import Foundation
import Testing

@testable import OnboardingKit

/// Images are read only from the images folder: a link out of it is refused, and a name that
/// is not a readable file is a clear diagnostic.
struct ImageFolderSafetyTests {
    func project(image: String) throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        try folder.write("app.appDef", """
            <app-definition><onboarding-screen>
              <title type="top-title"><translation>Hi</translation></title>
              <onboarding-screen-image lang="default"><image>C:\\pics\\\(image)</image></onboarding-screen-image>
            </onboarding-screen></app-definition>
            """)
        try FileManager.default.createDirectory(atPath: folder.path("images/onboarding"), withIntermediateDirectories: true)
        return folder
    }

    @Test func aLinkOutOfTheImagesFolderIsRefusedAndNotRead() throws {
        let folder = try project(image: "secret.png")
        try folder.write("outside/secret.png", Data(ExampleProject.bytes(of: .png)))
        try FileManager.default.createSymbolicLink(atPath: folder.path("images/onboarding/secret.png"), withDestinationPath: folder.path("outside/secret.png"))
        let diagnostics = Linter().lint(path: folder.path("app.appDef"))
        #expect(diagnostics.contains { $0.ruleID == "unsafe-image-path" && $0.message.contains("leads out of") })
        let result = try OnboardingBuilder(options: BuildOptions(outputDirectory: folder.path("out"))).build(appDefPath: folder.path("app.appDef"))
        #expect(!result.succeeded, "a safety error stops the build")
    }

    @Test func aLinkInsideTheImagesFolderIsFine() throws {
        let folder = try project(image: "alias.png")
        try folder.write("images/onboarding/real.png", Data(ExampleProject.bytes(of: .png)))
        try FileManager.default.createSymbolicLink(atPath: folder.path("images/onboarding/alias.png"), withDestinationPath: "real.png")
        #expect(!Linter().lint(path: folder.path("app.appDef")).fails(strict: true))
    }

    @Test func aFolderWhereTheImageShouldBeIsAClearError() throws {
        let folder = try project(image: "photo.png")
        try FileManager.default.createDirectory(atPath: folder.path("images/onboarding/photo.png"), withIntermediateDirectories: true)
        let diagnostics = Linter().lint(path: folder.path("app.appDef"))
        #expect(diagnostics.contains { $0.ruleID == "image-not-found" && $0.message.contains("cannot be read: it is a folder") })
    }

    /// Reading a named pipe would wait for a writer for ever.
    @Test func aPipeWhereTheImageShouldBeIsAClearErrorNotAHang() throws {
        let folder = try project(image: "photo.png")
        #expect(mkfifo(folder.path("images/onboarding/photo.png"), 0o644) == 0)
        let diagnostics = Linter().lint(path: folder.path("app.appDef"))
        #expect(diagnostics.contains { $0.ruleID == "image-not-found" && $0.message.contains("not a regular file") })
    }

    @Test func aPipeGivenAsTheAppDefIsAClearErrorNotAHang() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path("x"), withIntermediateDirectories: true)
        #expect(mkfifo(folder.path("x/app.appDef"), 0o644) == 0)
        let diagnostics = Linter().lint(path: folder.path("x/app.appDef"))
        #expect(diagnostics.first?.message.contains("not a regular file") == true, "\(diagnostics.map(\.message))")
    }
}
