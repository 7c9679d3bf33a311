import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// What makes an image cost minutes to decode or encode though its pixels are few: a JPEG's
/// scans, each decoded over the whole image, and an animation's frames, each encoded at every
/// width. Both are counted from the structure, as the pixels are.
struct ImageDecodingCostTests {
    /// The structure of a `width`×`height` JPEG of `scans` scans, each a few bytes of data: a
    /// start of frame, then start-of-scan segments to the end marker.
    static func jpeg(width: Int, height: Int, scans: Int) -> [UInt8] {
        func be(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC2, 0, 11, 8] + be(height) + be(width) + [1, 1, 0x11, 0]
        for scan in 0..<scans {
            bytes += [0xFF, 0xDA, 0, 8, 1, 1, 0, UInt8(1 + scan % 63), UInt8(1 + scan % 63), 0] + [0x12, 0x34]
        }
        return bytes + [0xFF, 0xD9]
    }

    static let size = ImageSize(width: 7000, height: 7000)

    /// 101 scans of a 7000×7000 JPEG are some 1.2 KB; 2647 such scans took a build five minutes.
    /// Chromium draws nothing of one of 100 scans (round 32): 99 at most.
    @Test func aJPEGOfAHundredScansOrMoreIsRefused() throws {
        let many = Self.jpeg(width: 7000, height: 7000, scans: 100)
        #expect(ImageInspector.size(of: many, format: .jpeg) == Self.size)
        #expect(ImageStructure.read(many, format: .jpeg)?.scanCount == 100)
        let problem = try #require(ImageCompleteness.problem(in: many, format: .jpeg, size: Self.size))
        #expect(problem.hasPrefix("has 100 scans, more than a JPEG may have (at most 99)"), "\(problem)")
        #expect(ImageCompleteness.problem(in: Self.jpeg(width: 7000, height: 7000, scans: 99), format: .jpeg, size: Self.size) == nil)
    }

    /// libjpeg's own progressive JPEG (the build's fallbacks are ones) has some 10 scans.
    @Test func aProgressiveJPEGOfTheBuildsOwnPasses() throws {
        let made = try UprightPhotoVariantTests.photoOnItsSide()
        let structure = try #require(ImageStructure.read(made, format: .jpeg))
        #expect((2...ImageCompleteness.maximumJPEGScans).contains(structure.scanCount), "\(structure.scanCount) scans")
        #expect(ImageCompleteness.problem(with: structure, size: ImageSize(width: 2000, height: 500)) == nil)
    }

    /// 1001 frames of one pixel are within every pixel limit, and 30,000 such frames took a build
    /// 33 s; libvips reads no more than 4097 of a GIF's.
    @Test func anAnimationOfMoreThanAThousandFramesIsRefused() throws {
        let one = ImageSize(width: 1, height: 1)
        let many = ImageFrameSizeTests.gif(screen: (1, 1), frames: Array(repeating: (0, 0, 1, 1), count: 1001))
        let problem = try #require(ImageCompleteness.problem(in: many, format: .gif, size: one))
        #expect(problem.hasPrefix("has more than 1000 frames, the most an animation may have"), "\(problem)")
        let thousand = ImageFrameSizeTests.gif(screen: (1, 1), frames: Array(repeating: (0, 0, 1, 1), count: 1000))
        #expect(ImageCompleteness.problem(in: thousand, format: .gif, size: one) == nil)
    }

    /// Lint reports such a JPEG at its reference, and the build writes nothing; embedded in an
    /// SVG, it is left out of it.
    @Test func lintRefusesItAndTheBuildStops() throws {
        let folder = TemporaryFolder()
        try folder.write(
            "app.appDef",
            """
            <?xml version="1.0" encoding="utf-8"?>
            <app-definition type="SAB"><translation-mappings default-lang="en"/><onboarding-screens><onboarding-screen>
            <onboarding-screen-image lang="default"><image>scans.jpg</image></onboarding-screen-image>
            </onboarding-screen></onboarding-screens></app-definition>
            """)
        try folder.write("images/onboarding/scans.jpg", Data(Self.jpeg(width: 7000, height: 7000, scans: 2647)))
        let result = try OnboardingBuilder(options: BuildOptions(outputDirectory: folder.path("out"))).build(appDefPath: folder.path("app.appDef"))
        #expect(!result.succeeded)
        let problem = try #require(result.diagnostics.first { $0.ruleID == "image-content-mismatch" })
        #expect(problem.message.hasPrefix("'scans.jpg' has 2647 scans"), "\(problem.message)")
        #expect(problem.location.line == 3)
        #expect(!FileManager.default.fileExists(atPath: folder.path("out")))

        let embedded = Base64.encode(Self.jpeg(width: 70, height: 70, scans: 2647))
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="70" height="70"><image href="data:image/jpeg;base64,\#(embedded)"/></svg>"#
        guard case .published(let published) = SVGSanitizer.sanitize(Array(svg.utf8), documentName: "a.svg") else {
            Issue.record("the SVG is refused")
            return
        }
        #expect(published.embeddedImages.isEmpty)
        #expect(published.refusedImages.first?.contains("has 2647 scans") == true, "\(published.refusedImages)")
    }
}
