import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// Which images move: a GIF or WebP of more than one frame is published animated; a PNG whose
/// animation (APNG) shows more than its default image is published as that image, with a
/// warning; one frame of any of them is a still.
struct ImageAnimationTests {
    static func chunk(_ type: String, _ data: [UInt8] = []) -> [UInt8] {
        let length = UInt32(data.count)
        return [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)] + Array(type.utf8) + data
            + [0, 0, 0, 0]
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    static let header = chunk("IHDR", [0, 0, 0, 4, 0, 0, 0, 3, 8, 2, 0, 0, 0])
    static let control = chunk("acTL", [0, 0, 0, 2, 0, 0, 0, 0])
    /// A frame control chunk for the whole 4×3 canvas.
    static let frame = chunk("fcTL", [0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 3] + Array(repeating: 0, count: 14))

    static func png(_ chunks: [[UInt8]]) -> ImageStructure? {
        ImageStructure.read(signature + header + chunks.flatMap { $0 } + chunk("IEND"), format: .png)
    }

    @Test func aPNGWhoseAnimationHasSeveralFramesMoves() {
        let structure = Self.png([Self.control, Self.frame, Self.chunk("IDAT", [1]), Self.frame, Self.chunk("fdAT", [0, 0, 0, 2, 1])])
        #expect(structure?.isAnimatedPNG == true)
        #expect(structure?.frameCount == 2)
    }

    /// An animation of one frame that is the default image shows that image: a still. One whose
    /// only frame is not the default image shows another picture in a browser: it moves on.
    @Test func aPNGWithOneFrameIsAStillWhenThatFrameIsItsDefaultImage() {
        #expect(Self.png([Self.control, Self.frame, Self.chunk("IDAT", [1])])?.isAnimatedPNG == false)
        #expect(Self.png([Self.control, Self.chunk("IDAT", [1]), Self.frame, Self.chunk("fdAT", [0, 0, 0, 1, 1])])?.isAnimatedPNG == true)
    }

    @Test func aPNGWithoutAnimationControlOrWithOneAfterItsDataDoesNotMove() {
        #expect(Self.png([Self.chunk("IDAT", [1])])?.isAnimatedPNG == false)
        #expect(Self.png([Self.chunk("IDAT", [1]), Self.control, Self.frame])?.isAnimatedPNG == false)
    }

    @Test func aWebPMovesWhenItsExtendedHeaderSaysSoAndItHasSeveralFrames() {
        func webP(flags: UInt8, frames: Int) -> [UInt8] {
            let frame = Array("ANMF".utf8) + [16, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 3, 0, 0, 2, 0, 0, 100, 0, 0, 0]
            let body = Array("WEBPVP8X".utf8) + [10, 0, 0, 0, flags, 0, 0, 0, 3, 0, 0, 2, 0, 0] + Array(repeating: frame, count: frames).flatMap { $0 }
            return Array("RIFF".utf8) + [UInt8(body.count), 0, 0, 0] + body
        }
        #expect(ImageStructure.read(webP(flags: 0x02, frames: 2), format: .webp)?.frameCount == 2)
        #expect(ImageStructure.read(webP(flags: 0x02, frames: 1), format: .webp)?.frameCount == 1)
        #expect(ImageStructure.read(webP(flags: 0x10, frames: 0), format: .webp)?.frameCount == 1)  // alpha only
    }

    @Test func aGIFsFramesAreItsImageDescriptors() {
        #expect(ImageStructure.read(ImageFrameSizeTests.gif(screen: (4, 3), frames: [(0, 0, 4, 3)]), format: .gif)?.frameCount == 1)
        let three = ImageFrameSizeTests.gif(screen: (4, 3), frames: Array(repeating: (0, 0, 4, 3), count: 3))
        #expect(ImageStructure.read(three, format: .gif)?.frameCount == 3)
    }

    @Test func cutShortOrRandomBytesDoNotMoveAndDoNotTrap() {
        let animated = Self.signature + Self.header + Self.control + Self.frame
        for length in 0..<animated.count {
            let structure = ImageStructure.read(Array(animated.prefix(length)), format: .png)
            #expect(structure?.end == nil)
        }
        #expect(ImageStructure.read(Self.signature + [0xFF, 0xFF, 0xFF, 0xFF], format: .png)?.isAnimatedPNG == false)
        #expect(ImageStructure.read(Array("RIFF".utf8), format: .webp)?.frameCount == 1)
    }
}
