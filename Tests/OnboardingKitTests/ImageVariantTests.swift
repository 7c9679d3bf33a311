import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
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

    /// No side of a variant is over 16383 pixels (WebP's limit): a tall image is published narrower.
    @Test(arguments: [
        (ImageSize(width: 400, height: 60_000), [109]), (ImageSize(width: 60_000, height: 400), [384, 624, 768, 1248, 1872]),
        (ImageSize(width: 1000, height: 20_000), [384, 624, 819]), (ImageSize(width: 1, height: 100_000), [1]),
        (ImageSize(width: 800, height: 600), [384, 624, 800]),
    ])
    func aTallImagesWidthsKeepItsHeightWithinWebPsLimit(size: ImageSize, expected: [Int]) {
        let widths = ImageVariantWidths.widths(for: size)
        #expect(widths == expected)
        for width in widths { #expect(width * size.height / size.width <= ImageVariantWidths.largestSide || width == 1) }
    }

    /// An animation stops at a phone's 2x: each width is every frame again.
    @Test(arguments: [
        (ImageSize(width: 600, height: 400), [384, 600]), (ImageSize(width: 1000, height: 400), [384, 624, 768]),
        (ImageSize(width: 4000, height: 4000), [384, 624, 768]), (ImageSize(width: 400, height: 60_000), [109]),
    ])
    func anAnimationIsPublishedAtAPhonesWidthsAtMost(size: ImageSize, expected: [Int]) {
        #expect(ImageVariantWidths.widths(for: size, animated: true) == expected)
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
        ImageVariantCache.write(entries, as: "a.variants", in: folder.path, key: CacheSealTests.key)
        #expect(ImageVariantCache.read("a.variants", in: folder.path, key: CacheSealTests.key) == .contents(entries))
        let file = [UInt8](try Data(contentsOf: folder.appendingPathComponent("a.variants")))
        return try #require(CacheSeal.opened(file, name: "a.variants", key: CacheSealTests.key))
    }

    /// A whole, clean file someone else wrote (another key), or one copied from another
    /// entry's name, is not this source's: it is not used.
    @Test func aFileWithoutThisKeysSealForItsNameIsNotUsed() throws {
        let folder = TemporaryFolder()
        ImageVariantCache.write(Self.entries, as: "a.variants", in: folder.url.path, key: CacheSealTests.otherKey)
        #expect(ImageVariantCache.read("a.variants", in: folder.url.path, key: CacheSealTests.key) == .notSealed)
        ImageVariantCache.write(Self.entries, as: "b.variants", in: folder.url.path, key: CacheSealTests.key)
        try FileManager.default.removeItem(atPath: folder.path("a.variants"))
        try FileManager.default.copyItem(atPath: folder.path("b.variants"), toPath: folder.path("a.variants"))
        #expect(ImageVariantCache.read("a.variants", in: folder.url.path, key: CacheSealTests.key) == .notSealed)
        #expect(ImageVariantCache.read("b.variants", in: folder.url.path, key: CacheSealTests.key) == .contents(Self.entries))
        #expect(ImageVariantCache.read("b.variants", in: folder.url.path, key: nil) == nil, "without a key the cache is not read")
    }

    /// A sparse file claims any size without the room: it is refused by its size, not read.
    @Test func aFileOverTheLimitIsNotRead() throws {
        let folder = TemporaryFolder()
        try folder.write("huge.variants", "")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: folder.path("huge.variants")))
        try handle.truncate(atOffset: UInt64(64) << 30)
        try handle.close()
        #expect(ImageVariantCache.read("huge.variants", in: folder.url.path, key: CacheSealTests.key) == .unreadable)
        #expect(RegularFile.bytes(at: folder.path("huge.variants"), maximumSize: 1 << 20) == nil)
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

    /// The cache folder may be shared or restored: a hard link planted at the temporary name a
    /// build would once use (the cache file's name and the process id) leads to a file of the
    /// user's, which must not be written through, and neither may a symbolic link.
    @Test func aFilePlantedAtTheTemporaryNameIsNeverWrittenThrough() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sab-variants-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let victim = folder.appendingPathComponent("victim.txt")
        try Data("the user's file".utf8).write(to: victim)
        try FileManager.default.linkItem(at: victim, to: folder.appendingPathComponent("a.variants.tmp-\(getpid())"))
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("b.variants.tmp-\(getpid())"), withDestinationURL: victim)
        ImageVariantCache.write(Self.entries, as: "a.variants", in: folder.path, key: CacheSealTests.key)
        ImageVariantCache.write(Self.entries, as: "b.variants", in: folder.path, key: CacheSealTests.key)
        #expect(try String(contentsOf: victim, encoding: .utf8) == "the user's file")
        #expect(ImageVariantCache.read("a.variants", in: folder.path, key: CacheSealTests.key) == .contents(Self.entries))
        #expect(ImageVariantCache.read("b.variants", in: folder.path, key: CacheSealTests.key) == .contents(Self.entries))
        // What was planted is left alone, and the cache file is the build's own, not a link.
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.appendingPathComponent("b.variants.tmp-\(getpid())").path) == victim.path)
        let written = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("a.variants").path)
        #expect(written[.type] as? FileAttributeType == .typeRegular && (written[.referenceCount] as? Int) == 1)
        #expect(((written[.posixPermissions] as? Int) ?? 0) & 0o022 == 0)
    }

    @Test func aNewFileIsCreatedOnlyWhereNothingIs() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sab-create-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let existing = folder.appendingPathComponent("existing")
        try Data("kept".utf8).write(to: existing)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("link"), withDestinationURL: folder.appendingPathComponent("target"))
        for name in ["existing", "link"] {
            #expect(throws: FileSystemCalls.Failure.self) { try FileSystemCalls.createFile([1], at: folder.appendingPathComponent(name).path) }
        }
        #expect(try String(contentsOf: existing, encoding: .utf8) == "kept")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("target").path))
        try FileSystemCalls.createFile([1, 2], at: folder.appendingPathComponent("new").path)
        #expect(try Data(contentsOf: folder.appendingPathComponent("new")) == Data([1, 2]))
    }

    @Test func theNameDependsOnTheSourceAndTheSettings() {
        let name = ImageVariantCache.name(sourceDigest: "a", settings: "quality 75")
        #expect(name != ImageVariantCache.name(sourceDigest: "b", settings: "quality 75"))
        #expect(name != ImageVariantCache.name(sourceDigest: "a", settings: "quality 76"))
        #expect(name == ImageVariantCache.name(sourceDigest: "a", settings: "quality 75"))
    }
}
