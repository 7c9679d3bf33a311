import Testing

@testable import OnboardingKit

struct ImageAnimationTests {
    static func chunk(_ type: String, _ data: [UInt8] = []) -> [UInt8] {
        let length = UInt32(data.count)
        return [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)] + Array(type.utf8) + data
            + [0, 0, 0, 0]
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    static let header = chunk("IHDR", [0, 0, 0, 4, 0, 0, 0, 3, 8, 2, 0, 0, 0])

    @Test func aPNGWithAnAnimationControlChunkBeforeItsDataMoves() {
        let animated = Self.signature + Self.header + Self.chunk("acTL", [0, 0, 0, 2, 0, 0, 0, 0]) + Self.chunk("IDAT", [1]) + Self.chunk("IEND")
        #expect(ImageAnimation.isAnimated(animated, format: .png))
    }

    @Test func aPNGWithoutOneOrWithOneAfterItsDataDoesNot() {
        let still = Self.signature + Self.header + Self.chunk("IDAT", [1]) + Self.chunk("IEND")
        let late = Self.signature + Self.header + Self.chunk("IDAT", [1]) + Self.chunk("acTL", [0, 0, 0, 2, 0, 0, 0, 0]) + Self.chunk("IEND")
        #expect(!ImageAnimation.isAnimated(still, format: .png))
        #expect(!ImageAnimation.isAnimated(late, format: .png))
    }

    @Test func aWebPMovesWhenItsExtendedHeaderSaysSo() {
        func webP(flags: UInt8) -> [UInt8] {
            Array("RIFF".utf8) + [30, 0, 0, 0] + Array("WEBPVP8X".utf8) + [10, 0, 0, 0, flags, 0, 0, 0, 3, 0, 0, 2, 0, 0]
        }
        #expect(ImageAnimation.isAnimated(webP(flags: 0x02), format: .webp))
        #expect(!ImageAnimation.isAnimated(webP(flags: 0x10), format: .webp))  // alpha only
    }

    @Test func cutShortOrRandomBytesDoNotMoveAndDoNotTrap() {
        let animated = Self.signature + Self.header + Self.chunk("acTL", [0, 0, 0, 2, 0, 0, 0, 0])
        for length in 0..<animated.count - 12 {
            #expect(!ImageAnimation.isAnimated(Array(animated.prefix(length)), format: .png))
        }
        #expect(!ImageAnimation.isAnimated(Self.signature + [0xFF, 0xFF, 0xFF, 0xFF], format: .png))
        #expect(!ImageAnimation.isAnimated(Array("RIFF".utf8), format: .webp))
    }
}
