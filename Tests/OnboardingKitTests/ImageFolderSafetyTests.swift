import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// Images are read only from the images folder: a link out of it is refused, and a name that
/// is not a readable file is a clear diagnostic.
struct ImageFolderSafetyTests {
    func project(image: String) throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        try folder.write(
            "app.appDef",
            """
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

    @Test func aLinkThatLoopsIsReportedAsALoop() throws {
        let folder = try project(image: "photo.png")
        try FileManager.default.createSymbolicLink(atPath: folder.path("images/onboarding/photo.png"), withDestinationPath: "photo.png")
        let diagnostics = Linter().lint(path: folder.path("app.appDef"))
        let found = try #require(diagnostics.first { $0.ruleID == "image-not-found" })
        #expect(found.message.contains("cannot be read: it is a link that loops"), "\(found.message)")
        #expect(!found.notes.contains { $0.contains("differs in case") }, "\(found.notes)")
    }

    /// `café.png` with the é as one code point (NFC) and as e and a combining accent (NFD):
    /// equal as Unicode text, but two names to the system, so two files and two images.
    @Test func namesEqualOnlyAfterUnicodeNormalisationAreTwoImages() throws {
        let composed = "caf\u{E9}.png"
        let decomposed = "cafe\u{301}.png"
        let folder = TemporaryFolder()
        try folder.write(
            "app.appDef",
            """
            <app-definition>
            <onboarding-screen><onboarding-screen-image lang="default"><image>C:\\pics\\\(composed)</image></onboarding-screen-image></onboarding-screen>
            <onboarding-screen><onboarding-screen-image lang="default"><image>C:\\pics\\\(decomposed)</image></onboarding-screen-image></onboarding-screen>
            </app-definition>
            """)
        let samples = Fixtures.samplesRoot.appendingPathComponent("builders/images/onboarding")
        let first = try [UInt8](Data(contentsOf: samples.appendingPathComponent("HouseOnTheRock.png")))
        let second = try [UInt8](Data(contentsOf: samples.appendingPathComponent("WiseAndFoolishBuilders.png")))
        try FileManager.default.createDirectory(atPath: folder.path("images/onboarding"), withIntermediateDirectories: true)
        #expect(writeFile(atBytePath: Array((folder.path("images/onboarding") + "/").utf8) + Array(composed.utf8), contents: first))
        #expect(writeFile(atBytePath: Array((folder.path("images/onboarding") + "/").utf8) + Array(decomposed.utf8), contents: second))

        // Published as they are, so that each file's bytes show which source it is.
        let options = BuildOptions(outputDirectory: folder.path("out"), keepsOriginalImages: true)
        let result = try OnboardingBuilder(options: options).build(appDefPath: folder.path("app.appDef"))
        #expect(result.succeeded, "\(result.diagnostics.map(\.message))")
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path("out/onboarding.json")))) as? [String: Any]
        let screens = try #require(manifest?["screens"] as? [[String: Any]])
        let files = screens.compactMap { (($0["image"] as? [String: Any])?["default"] as? [String: Any])?["file"] as? String }
        try #require(files.count == 2, "\(files)")
        #expect(files[0] != files[1], "\(files)")
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder.path("out/" + files[0])))) == first)
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder.path("out/" + files[1])))) == second)
    }

    /// Creates a file at a path given as bytes, so that no API normalises the name on the way.
    func writeFile(atBytePath path: [UInt8], contents: [UInt8]) -> Bool {
        let descriptor = (path + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        }
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return write(descriptor, contents, contents.count) == contents.count
    }

    @Test func aPipeGivenAsTheAppDefIsAClearErrorNotAHang() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path("x"), withIntermediateDirectories: true)
        #expect(mkfifo(folder.path("x/app.appDef"), 0o644) == 0)
        let diagnostics = Linter().lint(path: folder.path("x/app.appDef"))
        #expect(diagnostics.first?.message.contains("not a regular file") == true, "\(diagnostics.map(\.message))")
    }
}
