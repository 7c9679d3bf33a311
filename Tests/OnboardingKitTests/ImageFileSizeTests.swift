import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// An image file over ``ImageFileSize/maximumBytes`` is an error at its `<image>`, found from
/// its size before anything reads it, and the build never reads more than the limit: a whole
/// PNG followed by a sparse tail of 64 GB passed lint, which read its chunks to `IEND`, and the
/// build then failed to allocate it.
@Suite(.timeLimit(.minutes(10)))
struct ImageFileSizeTests {
    static let png = [UInt8](Data(base64Encoded: ExampleProject.tinyPNG)!)
    static let gigabytes64 = 64 << 30

    /// A project whose screen shows `name`, written as `bytes` and then grown to `size` bytes
    /// with a sparse tail (zeros the file system does not store).
    static func project(_ name: String, _ bytes: [UInt8], size: Int? = nil) throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        try folder.write(
            "app.appDef",
            """
            <?xml version="1.0" encoding="utf-8"?>
            <app-definition type="SAB"><translation-mappings default-lang="en"/><onboarding-screens><onboarding-screen>
            <onboarding-screen-image lang="default"><image>\(name)</image></onboarding-screen-image>
            </onboarding-screen></onboarding-screens></app-definition>
            """)
        try folder.write("images/onboarding/\(name)", Data(bytes))
        if let size { try grow(folder.path("images/onboarding/\(name)"), to: size) }
        return folder
    }

    static func grow(_ path: String, to size: Int) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.truncate(atOffset: UInt64(size))
    }

    @Test(arguments: [("photo.png", png), ("logo.svg", Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="4" height="3"/>"#.utf8))])
    func aFileOverTheLimitIsAnErrorAtItsImage(_ name: String, _ bytes: [UInt8]) throws {
        let folder = try Self.project(name, bytes, size: Self.gigabytes64)
        let diagnostics = Linter().lint(path: folder.path("app.appDef"))
        let errors = diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1, "\(diagnostics)")
        let error = try #require(errors.first)
        #expect((error.location.line, error.location.column) == (3, 41), "\(error.location)")
        #expect(error.message == "image '\(name)' cannot be read: it is 68.7 GB, more than an image file may be (at most 30 MB)")
    }

    @Test func theBuildOfAFileOverTheLimitWritesNothing() throws {
        let folder = try Self.project("photo.png", Self.png, size: Self.gigabytes64)
        let result = try OnboardingBuilder(options: BuildOptions(outputDirectory: folder.path("out"))).build(appDefPath: folder.path("app.appDef"))
        #expect(!result.succeeded)
        #expect(result.diagnostics.contains { $0.message.contains("more than an image file may be") })
        #expect(!FileManager.default.fileExists(atPath: folder.path("out")))
    }

    /// A file that grows past the limit after lint passed is not read by the build.
    @Test func aFileGrownPastTheLimitAfterLintIsNotRead() throws {
        let folder = try Self.project("photo.png", Self.png)
        let syntax = AppDefReader.read(path: folder.path("app.appDef"))
        let images = ImageFolder(appDefPath: folder.path("app.appDef"), override: nil)
        #expect(!Linter().lint(LintContext(syntax: syntax, images: images)).fails(strict: false))
        try Self.grow(folder.path("images/onboarding/photo.png"), to: ImageFileSize.maximumBytes + 1)
        let project = OnboardingProject(syntax: syntax, images: images)
        #expect(project.images["photo.png"] == nil)
        #expect(
            project.unpublishableImages.map(\.message) == [
                "'photo.png' cannot be published: it was replaced while the build read it: it is 30000001 bytes, more than an image file may be (at most 30 MB)"
            ])
    }

    /// An empty file is said to be empty, not "no image format known".
    @Test(arguments: ["photo.png", "logo.svg"])
    func anEmptyFileIsSaidToBeEmpty(_ name: String) throws {
        let folder = try Self.project(name, [])
        let diagnostics = Linter().lint(path: folder.path("app.appDef")).filter { $0.severity == .error }
        let format = name.hasSuffix(".png") ? "PNG" : "SVG"
        #expect(diagnostics.map(\.message) == ["'\(name)' is an empty file (0 bytes), not a \(format) image"])
        #expect(diagnostics.first?.notes.first?.contains("interrupted copy") == true)
    }

    @Test func theLimitIsInclusiveAndSizesReadAsFileManagersShowThem() {
        #expect(ImageFileSize.problem(byteCount: ImageFileSize.maximumBytes) == nil)
        #expect(ImageFileSize.problem(byteCount: ImageFileSize.maximumBytes + 1) != nil)
        #expect([0, 1, 999, 1000, 1_250_000, 30_000_001].map(ImageFileSize.describe) == ["0 bytes", "1 byte", "999 bytes", "1 KB", "1.3 MB", "30 MB"])
    }
}
