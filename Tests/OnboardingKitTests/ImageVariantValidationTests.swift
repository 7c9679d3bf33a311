import Foundation
import Testing

@testable import OnboardingKit

/// What the variant cache gives is checked before it is published: WebP of growing widths,
/// then one fallback, each an image of its listed type and size.
struct ImageVariantValidationTests {
    static func made() throws -> [ImageVariantCache.Entry] {
        let png = ExampleProject.bytes(of: .png)
        let asset = ImageAsset(sourceFileName: "a.png", bytes: png, size: ImageSize(width: 4, height: 3), isResizable: true)
        return try ImagePublisher.variants(of: asset, quality: 75, cacheFolder: nil).variants.map {
            ImageVariantCache.Entry(mediaType: $0.mediaType, width: $0.width, height: $0.height, bytes: $0.bytes)
        }
    }

    @Test func whatTheBuildMakesIsWhole() throws {
        let entries = try Self.made()
        #expect(entries.map(\.mediaType) == ["image/webp", "image/jpeg"])
        #expect(ImagePublisher.areWhole(entries))
    }

    @Test func anEntryOfAnotherTypeSizeOrOrderIsNot() throws {
        let entries = try Self.made()
        var otherType = entries
        otherType[0].mediaType = "image/html"
        var otherSize = entries
        otherSize[1].width = 8
        var notAnImage = entries
        notAnImage[1].bytes = Array("<script>alert(1)</script>".utf8)
        var mislabelled = entries
        mislabelled[1].mediaType = "image/png"  // JPEG bytes
        #expect(!ImagePublisher.areWhole(otherType))
        #expect(!ImagePublisher.areWhole(otherSize))
        #expect(!ImagePublisher.areWhole(notAnImage))
        #expect(!ImagePublisher.areWhole(mislabelled))
        #expect(!ImagePublisher.areWhole(Array(entries.reversed())))
        #expect(!ImagePublisher.areWhole([entries[0]]))
        #expect(!ImagePublisher.areWhole([entries[0], entries[0], entries[1]]))  // widths must grow
    }
}
