import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// A raster image cut short after its header, or claiming more pixels than a phone can decode,
/// is an error: its header alone would pass, and the page would show part of it or nothing.
struct ImageCompletenessTests {
    static let png = [UInt8](Data(base64Encoded: ExampleProject.tinyPNG)!)
    static let jpeg = [UInt8](Data(base64Encoded: ExampleProject.tinyJPEG)!)

    @Test func wholeImagesPass() {
        #expect(ImageCompleteness.problem(in: Self.png, format: .png, size: ImageSize(width: 4, height: 3)) == nil)
        #expect(ImageCompleteness.problem(in: Self.jpeg, format: .jpeg, size: ImageSize(width: 4, height: 3)) == nil)
    }

    /// Bytes between two of a JPEG's segments are skipped, as libjpeg skips them (with a
    /// warning): Chromium and WebKit drew such a JPEG, and lint refused it as damaged. Right
    /// after the start marker they make it no JPEG, for browsers too.
    @Test func bytesBetweenJPEGSegmentsAreSkippedAsBrowsersSkipThem() throws {
        let second = 4 + (Int(Self.jpeg[4]) << 8 | Int(Self.jpeg[5]))
        for stray in [[0x12, 0x34], [0xFF, 0x00], [0x12, 0xFF, 0x00, 0x34]] as [[UInt8]] {
            let jpeg = Array(Self.jpeg[..<second]) + stray + Self.jpeg[second...]
            #expect(ImageInspector.rasterSize(of: jpeg, format: .jpeg) == ImageSize(width: 4, height: 3), "\(stray)")
            #expect(ImageCompleteness.problem(in: jpeg, format: .jpeg, size: ImageSize(width: 4, height: 3)) == nil, "\(stray)")
        }
        let noJPEG = Array(Self.jpeg[..<2]) + [0x12, 0x34] + Self.jpeg[2...]
        #expect(ImageInspector.rasterSize(of: noJPEG, format: .jpeg) == nil)
    }

    /// A second start of image after the first image's data is said as such: the file is not
    /// cut short (round 29).
    @Test func aSecondStartOfImageIsSaidAsSuch() {
        let jpeg = Array(Self.jpeg.dropLast(2)) + [0xFF, 0xD8, 0xFF, 0xD9]
        let problem = ImageCompleteness.problem(in: jpeg, format: .jpeg, size: ImageSize(width: 4, height: 3))
        #expect(problem?.contains("a second start of image (at byte \(jpeg.count - 4))") == true, "\(problem ?? "passed")")
    }

    @Test(arguments: [("png", 30), ("png", 60), ("jpeg", 200), ("jpeg", 600)])
    func anImageCutShortIsFound(_ format: String, _ keep: Int) throws {
        let bytes = format == "png" ? Self.png : Self.jpeg
        let cut = Array(bytes.prefix(min(keep, bytes.count - 1)))
        let imageFormat: ImageFormat = format == "png" ? .png : .jpeg
        let size = try #require(ImageInspector.size(of: cut, format: imageFormat), "the header is still there")
        #expect(ImageCompleteness.problem(in: cut, format: imageFormat, size: size) == "is cut short: the file ends before its image data does")
    }

    /// Phones append data of their own after a JPEG's end marker; decoders ignore it.
    @Test func dataAfterTheEndOfAJPEGIsNoDamage() {
        let jpeg = Self.jpeg + Array("SEFT trailer of a phone".utf8) + [0xFF, 0x00, 0x12]
        #expect(ImageCompleteness.problem(in: jpeg, format: .jpeg, size: ImageSize(width: 4, height: 3)) == nil)
    }

    /// An end marker in the header (a thumbnail's, inside an APP1 segment) is not the image's end.
    @Test func aThumbnailsEndMarkerDoesNotMakeACutJPEGWhole() {
        let thumbnail: [UInt8] = [0xFF, 0xE1, 0x00, 0x08, 0xFF, 0xD8, 0xFF, 0xD9, 0x00, 0x00]
        let jpeg = Array(Self.jpeg.prefix(2)) + thumbnail + Array(Self.jpeg.dropFirst(2))
        #expect(ImageCompleteness.problem(in: jpeg, format: .jpeg, size: ImageSize(width: 4, height: 3)) == nil)
        #expect(ImageCompleteness.problem(in: Array(jpeg.dropLast(2)), format: .jpeg, size: ImageSize(width: 4, height: 3)) != nil)
    }

    @Test func aPNGClaimingTenBillionPixelsIsRefused() throws {
        var bytes = Self.png
        // IHDR's width and height, big-endian, at 16 and 20: 100000 each.
        for offset in [16, 20] { bytes.replaceSubrange(offset..<offset + 4, with: [0x00, 0x01, 0x86, 0xA0]) }
        let size = try #require(ImageInspector.size(of: bytes, format: .png))
        #expect(size == ImageSize(width: 100_000, height: 100_000))
        #expect(
            ImageCompleteness.problem(in: bytes, format: .png, size: size)
                == "claims 100000×100000 pixels, more than a phone can decode (at most 50 megapixels)")
    }

    @Test func gifAndWebPEndWhereTheySay() {
        // Header, a graphic control extension, an image with a local colour table of 2 colours
        // and one data sub-block, the trailer.
        let gif =
            Array("GIF89a".utf8) + [4, 0, 3, 0, 0, 0, 0] + [0x21, 0xF9, 4, 0, 0, 0, 0, 0]
            + [0x2C, 0, 0, 0, 0, 4, 0, 3, 0, 0x80] + [0, 0, 0, 255, 255, 255] + [2, 2, 0x44, 0x01, 0] + [0x3B]
        #expect(ImageCompleteness.problem(in: gif, format: .gif, size: ImageSize(width: 4, height: 3)) == nil)
        #expect(ImageCompleteness.problem(in: Array(gif.dropLast()), format: .gif, size: ImageSize(width: 4, height: 3)) != nil)
        // The RIFF header, and one chunk (empty here) that ends where RIFF's length says.
        let webp = Array("RIFF".utf8) + [12, 0, 0, 0] + Array("WEBPVP8 ".utf8) + [0, 0, 0, 0]
        #expect(ImageCompleteness.problem(in: webp, format: .webp, size: ImageSize(width: 4, height: 3)) == nil)
        #expect(ImageCompleteness.problem(in: Array(webp.dropLast()), format: .webp, size: ImageSize(width: 4, height: 3)) != nil)
    }

    /// Lint says so at the image's reference, and nothing is built.
    @Test func aTruncatedJPEGStopsTheBuild() throws {
        let folder = TemporaryFolder()
        try folder.write(
            "app.appDef",
            """
            <?xml version="1.0" encoding="utf-8"?>
            <app-definition type="SAB"><translation-mappings default-lang="en"/><onboarding-screens><onboarding-screen>
            <onboarding-screen-image lang="default"><image>photo.jpg</image></onboarding-screen-image>
            </onboarding-screen></onboarding-screens></app-definition>
            """)
        try folder.write("images/onboarding/photo.jpg", Data(Self.jpeg.prefix(Self.jpeg.count - 10)))
        let result = try OnboardingBuilder(options: BuildOptions(outputDirectory: folder.path("out"))).build(appDefPath: folder.path("app.appDef"))
        #expect(!result.succeeded)
        let problem = try #require(result.diagnostics.first { $0.ruleID == "image-content-mismatch" })
        #expect(problem.message == "'photo.jpg' is cut short: the file ends before its image data does")
        #expect(problem.location.line == 3)
        #expect(!FileManager.default.fileExists(atPath: folder.path("out")))
    }
}

/// A PNG's chunk walk stops at the first chunk whose type is not four letters: zeros after the
/// image data (where `IEND` should be) read as empty chunks 12 bytes at a time, and a PNG with
/// 1 GB of them took 31 s to lint.
struct PNGChunkWalkTests {
    /// Bytes in memory that count how often they are read, and how many bytes were copied.
    final class CountedBytes: ImageBytes {
        let bytes: [UInt8]
        private(set) var reads = 0
        private(set) var bytesCopied = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
        var count: Int { bytes.count }
        func bytes(at offset: Int, count length: Int) -> [UInt8]? {
            reads += 1
            bytesCopied += length
            return bytes.bytes(at: offset, count: length)
        }
        func byte(at offset: Int) -> UInt8? {
            reads += 1
            return bytes.byte(at: offset)
        }
        func firstIndex(of byte: UInt8, from offset: Int) -> Int? {
            reads += 1
            return bytes.firstIndex(of: byte, from: offset)
        }
    }

    /// The tiny PNG without its `IEND` chunk (the last 12 bytes), and `tail` after it.
    static func pngWithoutItsEnd(followedBy tail: [UInt8]) -> [UInt8] {
        Array(ImageCompletenessTests.png.dropLast(12)) + tail
    }

    @Test func zerosWhereTheEndShouldBeStopTheWalkAsDamage() {
        let end = ImageCompletenessTests.png.count - 12
        let source = CountedBytes(Self.pngWithoutItsEnd(followedBy: [UInt8](repeating: 0, count: 1_200_000)))
        let problem = ImageCompleteness.problem(in: source, format: .png, size: ImageSize(width: 4, height: 3))
        #expect(problem == "is damaged: what follows byte \(end) is no PNG chunk (a chunk's type is four letters), and its end (IEND) is never reached")
        // A few reads a chunk of the image, not one for each 12 zeros (100,000 of them).
        #expect(source.reads < 50, "\(source.reads) reads")
    }

    @Test(arguments: [[0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x00], [0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x7B]] as [[UInt8]])
    func aTypeWithAnythingButLettersIsNoChunk(_ chunk: [UInt8]) {
        let structure = ImageStructure.read(Self.pngWithoutItsEnd(followedBy: chunk + [0, 0, 0, 0]), format: .png)
        #expect(structure?.end == nil && structure?.brokenAt == ImageCompletenessTests.png.count - 12)
    }

    @Test func aWholePNGIsNotBroken() {
        let structure = ImageStructure.read(ImageCompletenessTests.png, format: .png)
        #expect(structure?.end == ImageCompletenessTests.png.count && structure?.brokenAt == nil)
    }
}

/// The end of a JPEG's data is found by scanning it for markers: each byte once, none copied.
/// Its data holds a stuffed `FF 00` wherever a byte of it is 0xFF, and a copy of the 64 KB from
/// each made a 14 MB JPEG take half a second to lint.
struct JPEGEndScanTests {
    /// The tiny JPEG with `count` stuffed bytes (`FF 00`) at the start of its scan's data.
    static func jpeg(stuffedBytes count: Int) throws -> [UInt8] {
        let jpeg = ImageCompletenessTests.jpeg
        guard case .scan(_, let dataOffset) = JPEGSegments.walk(ByteReader(jpeg), visit: { _, _, _ in false }) else {
            throw SVGTestFailure(description: "no scan")
        }
        return Array(jpeg[..<dataOffset]) + Array(repeating: [0xFF, 0x00], count: count).flatMap { $0 } + Array(jpeg[dataOffset...])
    }

    @Test func theDataIsScannedWithoutCopies() throws {
        let source = PNGChunkWalkTests.CountedBytes(try Self.jpeg(stuffedBytes: 20_000))
        let structure = ImageStructure.read(source, format: .jpeg)
        #expect(structure?.end == source.count)
        // The header's segments are read as before; the 40 KB of data after them are not copied.
        #expect(source.bytesCopied < 1000, "\(source.bytesCopied) bytes copied")
    }

    /// The file's window moves along the data: markers are found across its 64 KB windows.
    @Test func aFileIsScannedAcrossItsWindows() throws {
        let folder = TemporaryFolder()
        var bytes = [UInt8](repeating: 0x20, count: 200_000)
        for offset in [70_000, 131_071, 131_072, 199_999] { bytes[offset] = 0xFF }
        try folder.write("data", Data(bytes))
        let file = try #require(ImageFileBytes(path: folder.path("data")))
        var found: [Int] = []
        var offset = 0
        while let next = file.firstIndex(of: 0xFF, from: offset) {
            found.append(next)
            offset = next + 1
        }
        #expect(found == [70_000, 131_071, 131_072, 199_999])
        #expect(file.byte(at: 131_071) == 0xFF && file.byte(at: 5) == 0x20 && file.byte(at: 200_000) == nil)
        let jpeg = try Self.jpeg(stuffedBytes: 50_000)
        try folder.write("photo.jpg", Data(jpeg))
        let photo = try #require(ImageFileBytes(path: folder.path("photo.jpg")))
        #expect(ImageStructure.read(photo, format: .jpeg)?.end == jpeg.count)
    }
}
