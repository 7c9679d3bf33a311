import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// The pixels an image takes to draw are its frames', not its header's: a GIF's frames may reach
/// far beyond its logical screen, and decoders enlarge the canvas to fit them. An animation's
/// frames are bounded in all, too.
struct ImageFrameSizeTests {
    /// A GIF of a `screen` logical screen, a colour table of black and white, and one frame per
    /// rectangle (left, top, width, height), each with a one-byte data sub-block: its
    /// structure, not its pixels, is what is checked.
    static func gif(screen: (Int, Int), frames: [(Int, Int, Int, Int)]) -> [UInt8] {
        func le(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
        var bytes = Array("GIF89a".utf8) + le(screen.0) + le(screen.1) + [0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
        for (left, top, width, height) in frames {
            bytes += [0x2C] + le(left) + le(top) + le(width) + le(height) + [0] + [2, 1, 0x44, 0]
        }
        return bytes + [0x3B]
    }

    static let screen = ImageSize(width: 64, height: 64)

    /// 29 bytes: a 64×64 screen and one frame of 20000×20000. Chromium took 29 s to draw such a file.
    @Test func aFrameFarLargerThanItsScreenIsRefused() throws {
        let bytes = Self.gif(screen: (64, 64), frames: [(0, 0, 20_000, 20_000)])
        #expect(bytes.count < 40)
        #expect(ImageInspector.size(of: bytes, format: .gif) == Self.screen)
        let problem = try #require(ImageCompleteness.problem(in: bytes, format: .gif, size: Self.screen))
        #expect(
            problem
                == "has a frame of 20000×20000 pixels at (0, 0) on its 64×64 canvas: drawn, it takes 20000×20000 pixels, more than a phone can decode (at most 50 megapixels)"
        )
    }

    /// A small frame far from the corner takes as much: the canvas reaches it.
    @Test func aFramesOffsetCountsToo() throws {
        let bytes = Self.gif(screen: (64, 64), frames: [(0, 0, 64, 64), (60_000, 60_000, 10, 10)])
        let problem = try #require(ImageCompleteness.problem(in: bytes, format: .gif, size: Self.screen))
        #expect(problem.hasPrefix("has a frame of 10×10 pixels at (60000, 60000)"), "\(problem)")
    }

    /// 1000 frames of 5000×5000: each is within the limit of a still, all are 25 gigapixels.
    @Test func anAnimationsFramesAreBoundedInAll() throws {
        let size = ImageSize(width: 5000, height: 5000)
        let bytes = Self.gif(screen: (5000, 5000), frames: Array(repeating: (0, 0, 5000, 5000), count: 1000))
        let problem = try #require(ImageCompleteness.problem(in: bytes, format: .gif, size: size))
        #expect(
            problem
                == "has 1000 frames of 5000×5000 pixels, 25000 megapixels in all: more than a phone can play (at most 25 megapixels in all its frames)")
        // One of them is within both limits.
        let one = Self.gif(screen: (5000, 5000), frames: [(0, 0, 5000, 5000)])
        #expect(ImageCompleteness.problem(in: one, format: .gif, size: size) == nil)
    }

    /// 30 frames of 1000×1000 take libvips's animated WebP and GIF encoders some half a second
    /// a megapixel each: over 25 megapixels in all is an error.
    @Test func thirtyFramesOfAMegapixelAreTooMany() throws {
        let size = ImageSize(width: 1000, height: 1000)
        let thirty = Self.gif(screen: (1000, 1000), frames: Array(repeating: (0, 0, 1000, 1000), count: 30))
        #expect(
            ImageCompleteness.problem(in: thirty, format: .gif, size: size)
                == "has 30 frames of 1000×1000 pixels, 30 megapixels in all: more than a phone can play (at most 25 megapixels in all its frames)")
        let twentyFive = Self.gif(screen: (1000, 1000), frames: Array(repeating: (0, 0, 1000, 1000), count: 25))
        #expect(ImageCompleteness.problem(in: twentyFive, format: .gif, size: size) == nil)
    }

    @Test func framesWithinTheirScreenPass() {
        let bytes = Self.gif(screen: (64, 64), frames: [(0, 0, 64, 64), (10, 10, 20, 20), (0, 0, 64, 64)])
        #expect(ImageCompleteness.problem(in: bytes, format: .gif, size: Self.screen) == nil)
        let structure = ImageStructure.read(bytes, format: .gif)
        #expect(structure?.frameCount == 3)
        #expect(structure?.extent == Self.screen)
    }

    /// Browsers draw a GIF whose frame reaches beyond its screen at another size: Chromium and
    /// WebKit drew a 20×10 screen with a 600×300 frame at 600×300, and the build published it
    /// at 20×10 (the frame shrunk thirty times), the page's box 20×10 too. It is refused.
    @Test func aFrameBeyondItsScreenIsRefused() throws {
        let bytes = Self.gif(screen: (20, 10), frames: [(0, 0, 600, 300)])
        let problem = try #require(ImageCompleteness.problem(in: bytes, format: .gif, size: ImageSize(width: 20, height: 10)))
        #expect(problem.hasPrefix("has a frame of 600×300 pixels at (0, 0) reaching beyond its 20×10 canvas: browsers draw it at another size"), "\(problem)")
        // A later frame beyond is cut to the screen: Chromium and WebKit drew a 60×40 screen
        // with a 20×20 second frame at (50, 30) at 60×40.
        let later = Self.gif(screen: (60, 40), frames: [(0, 0, 60, 40), (50, 30, 20, 20)])
        #expect(ImageCompleteness.problem(in: later, format: .gif, size: ImageSize(width: 60, height: 40)) == nil)
    }

    /// An animated WebP's frames (ANMF) and an animated PNG's (fcTL) are read as a GIF's are.
    @Test func animatedWebPAndPNGFramesAreMeasured() throws {
        func le24(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF)] }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            Array(type.utf8) + [UInt8(data.count & 0xFF), UInt8(data.count >> 8 & 0xFF), 0, 0] + data + (data.count % 2 == 1 ? [0] : [])
        }
        // A 64×64 canvas (flags: animation) and one frame of 16000×16000 at (0, 0) holding an empty VP8L chunk.
        let frame = le24(0) + le24(0) + le24(15_999) + le24(15_999) + le24(100) + [0] + chunk("VP8L", [])
        let body = Array("WEBP".utf8) + chunk("VP8X", [0x02, 0, 0, 0] + le24(63) + le24(63)) + chunk("ANMF", frame)
        let webp = Array("RIFF".utf8) + [UInt8(body.count & 0xFF), UInt8(body.count >> 8), 0, 0] + body
        #expect(ImageInspector.size(of: webp, format: .webp) == Self.screen)
        let webpProblem = try #require(ImageCompleteness.problem(in: webp, format: .webp, size: Self.screen))
        #expect(webpProblem.hasPrefix("has a frame of 16000×16000 pixels at (0, 0) on its 64×64 canvas"), "\(webpProblem)")

        let header = ImageAnimationTests.chunk("IHDR", [0, 0, 0, 64, 0, 0, 0, 64, 8, 2, 0, 0, 0])
        let control = ImageAnimationTests.chunk("fcTL", [0, 0, 0, 0] + [0, 0, 0x3E, 0x80, 0, 0, 0x3E, 0x80] + Array(repeating: 0, count: 14))
        let png =
            ImageAnimationTests.signature + header + ImageAnimationTests.chunk("acTL", [0, 0, 0, 1, 0, 0, 0, 0]) + control
            + ImageAnimationTests.chunk("IDAT", [1]) + ImageAnimationTests.chunk("IEND")
        let pngProblem = try #require(ImageCompleteness.problem(in: png, format: .png, size: Self.screen))
        #expect(pngProblem.hasPrefix("has a frame of 16000×16000 pixels at (0, 0) on its 64×64 canvas"), "\(pngProblem)")
    }

    /// Offsets and sizes of 32 bits each multiply beyond 64 bits: no trap.
    @Test func hugeFrameNumbersDoNotOverflow() throws {
        let header = ImageAnimationTests.chunk("IHDR", [0, 0, 0, 64, 0, 0, 0, 64, 8, 2, 0, 0, 0])
        let control = ImageAnimationTests.chunk("fcTL", [0, 0, 0, 0] + Array(repeating: 0xFF, count: 16) + Array(repeating: 0, count: 6))
        let png =
            ImageAnimationTests.signature + header + ImageAnimationTests.chunk("acTL", [0, 0, 0, 2, 0, 0, 0, 0]) + control + control
            + ImageAnimationTests.chunk("IDAT", [1]) + ImageAnimationTests.chunk("IEND")
        #expect(ImageCompleteness.problem(in: png, format: .png, size: Self.screen) != nil)
    }

    /// Lint reports it at the image's reference, as image-content-mismatch, and nothing is built.
    @Test func lintRefusesItAndTheBuildStops() throws {
        let folder = TemporaryFolder()
        try folder.write(
            "app.appDef",
            """
            <?xml version="1.0" encoding="utf-8"?>
            <app-definition type="SAB"><translation-mappings default-lang="en"/><onboarding-screens><onboarding-screen>
            <onboarding-screen-image lang="default"><image>tiny.gif</image></onboarding-screen-image>
            </onboarding-screen></onboarding-screens></app-definition>
            """)
        try folder.write("images/onboarding/tiny.gif", Data(Self.gif(screen: (64, 64), frames: [(0, 0, 20_000, 20_000)])))
        let result = try OnboardingBuilder(options: BuildOptions(outputDirectory: folder.path("out"))).build(appDefPath: folder.path("app.appDef"))
        #expect(!result.succeeded)
        let problem = try #require(result.diagnostics.first { $0.ruleID == "image-content-mismatch" })
        #expect(problem.message.hasPrefix("'tiny.gif' has a frame of 20000×20000 pixels"), "\(problem.message)")
        #expect(problem.location.line == 3)
        #expect(!FileManager.default.fileExists(atPath: folder.path("out")))
    }
}
