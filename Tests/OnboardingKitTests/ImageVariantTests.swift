import Foundation
import Testing

@testable import OnboardingKit

struct ImageVariantWidthsTests {
    @Test func theWidthsAreThoseOfTheImageBlockOnAPhoneAndADesktopAtOneToThreePixelsPerPoint() {
        // 384 and 624 at 1x, 2x and 3x; 1152 (a phone at 3x) is served by 1248.
        #expect(ImageVariantWidths.all == [384, 624, 768, 1248, 1872])
    }

    @Test(arguments: [
        (300, [300]), (384, [384]), (480, [384, 480]), (640, [384, 640]), (700, [384, 624, 700]),
        (1300, [384, 624, 768, 1300]), (1872, [384, 624, 768, 1248, 1872]), (6000, [384, 624, 768, 1248, 1872]),
    ])
    func anImageIsNeverEnlargedAndNoTwoWidthsAreClose(sourceWidth: Int, expected: [Int]) {
        #expect(ImageVariantWidths.widths(forSourceWidth: sourceWidth) == expected)
    }

    @Test func noSourceNoWidths() {
        #expect(ImageVariantWidths.widths(forSourceWidth: 0) == [])
    }
}

struct ImageVariantCacheTests {
    static let entries = [
        ImageVariantCache.Entry(mediaType: "image/webp", width: 384, height: 256, bytes: [1, 2, 3]),
        ImageVariantCache.Entry(mediaType: "image/jpeg", width: 384, height: 256, bytes: [4, 5, 6, 7]),
    ]

    /// The bytes `write` stores for `entries`, in a folder of its own.
    static func stored(_ entries: [ImageVariantCache.Entry]) throws -> [UInt8] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sab-variants-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        ImageVariantCache.write(entries, as: "a.variants", in: folder.path)
        #expect(ImageVariantCache.read("a.variants", in: folder.path) == entries)
        return [UInt8](try Data(contentsOf: folder.appendingPathComponent("a.variants")))
    }

    @Test func whatIsWrittenReadsBack() throws {
        #expect(ImageVariantCache.entries(in: try Self.stored(Self.entries)) == Self.entries)
    }

    @Test func aFileCutShortOrWithMoreBytesIsNotUsed() throws {
        let bytes = try Self.stored(Self.entries)
        #expect(ImageVariantCache.entries(in: Array(bytes.dropLast())) == nil)
        #expect(ImageVariantCache.entries(in: bytes + [0]) == nil)
        #expect(ImageVariantCache.entries(in: Array(bytes.dropFirst())) == nil)
        #expect(ImageVariantCache.entries(in: []) == nil)
    }

    @Test func theNameDependsOnTheSourceAndTheSettings() {
        let name = ImageVariantCache.name(sourceDigest: "a", settings: "quality 75")
        #expect(name != ImageVariantCache.name(sourceDigest: "b", settings: "quality 75"))
        #expect(name != ImageVariantCache.name(sourceDigest: "a", settings: "quality 76"))
        #expect(name == ImageVariantCache.name(sourceDigest: "a", settings: "quality 75"))
    }
}
