import ImageProcessing
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// A photo taken with the phone on its side is stored wide and shown tall: its variants are
/// made from the upright image, which is narrower than the stored width says.
struct UprightPhotoVariantTests {
    /// A 2000×500 JPEG whose EXIF says "turn it a quarter" (orientation 6): upright, 500×2000.
    static func photoOnItsSide() throws -> [UInt8] {
        var rows: [UInt8] = []
        rows.reserveCapacity(500 * 6001)
        for row in 0..<500 {
            rows.append(0)  // no filter
            for column in 0..<2000 { rows += [UInt8(column % 251), UInt8(row % 256), 128] }
        }
        let png = Self.png(width: 2000, height: 500, rows: rows)
        let jpeg = try ImageProcessor.resize(png, toWidth: 2000, as: .jpeg, quality: 80).bytes
        #expect(jpeg.count > 2 && jpeg[0] == 0xFF && jpeg[1] == 0xD8)
        // APP1: "Exif\0\0", a big-endian TIFF header, one IFD entry: Orientation (0x0112) = 6.
        let tiffHeader: [UInt8] = Array("MM".utf8) + [0x00, 0x2A, 0, 0, 0, 8]
        let orientation: [UInt8] = [0x00, 0x01, 0x01, 0x12, 0x00, 0x03, 0, 0, 0, 1, 0x00, 0x06, 0, 0, 0, 0, 0, 0]
        let exif: [UInt8] = [0xFF, 0xE1, 0x00, 34] + Array("Exif".utf8) + [0, 0] + tiffHeader + orientation
        return Array(jpeg.prefix(2)) + exif + Array(jpeg.dropFirst(2))
    }

    /// A PNG (RGB, or `colourType` 6 for RGBA) of these filtered rows, their zlib stream made of stored (uncompressed)
    /// blocks: a test needs no compressor.
    static func png(width: Int, height: Int, rows: [UInt8], colourType: UInt8 = 2, bitDepth: UInt8 = 8) -> [UInt8] {
        func bigEndian(_ value: UInt32) -> [UInt8] { [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in body {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            return bigEndian(UInt32(data.count)) + body + bigEndian(~crc)
        }
        let zlib = storedZlib(rows)
        let header = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [bitDepth, colourType, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", [])
    }

    /// `raw` as a zlib stream of stored (uncompressed) deflate blocks after `header` (zlib's
    /// method and flags bytes), with its Adler-32.
    static func storedZlib(_ raw: [UInt8], header: (method: UInt8, flags: UInt8) = (0x78, 0x01)) -> [UInt8] {
        var zlib: [UInt8] = [header.method, header.flags]
        var start = 0
        repeat {
            let end = min(start + 65_535, raw.count)
            let length = UInt16(end - start)
            zlib += [end == raw.count ? 1 : 0, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            zlib += raw[start..<end]
            start = end
        } while start < raw.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in raw {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        let adler = b << 16 | a
        return zlib + [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
    }

    /// Its variants in the cache are upright, as the build made them, and reused; the check
    /// takes a variant in the stored proportions for another picture.
    @Test func itsCachedVariantsAreReused() throws {
        let photo = try Self.photoOnItsSide()
        let asset = ImageAsset(sourceFileName: "side.jpg", bytes: photo, size: ImageSize(width: 2000, height: 500), isResizable: true)
        let folder = TemporaryFolder()
        let made = try ImagePublisher.variants(of: asset, quality: 75, cacheFolder: folder.path("cache"))
        #expect(!made.fromCache && made.cacheProblem == nil)
        let reused = try ImagePublisher.variants(of: asset, quality: 75, cacheFolder: folder.path("cache"))
        #expect(reused.fromCache, "\(reused.cacheProblem ?? "")")
        #expect(reused.variants.map(\.bytes) == made.variants.map(\.bytes))
    }

    @Test func noTwoVariantsHaveTheSameWidth() throws {
        let photo = try Self.photoOnItsSide()
        let size = try #require(ImageInspector.size(of: photo, format: .jpeg))
        #expect(size == ImageSize(width: 2000, height: 500))
        let asset = ImageAsset(sourceFileName: "side.jpg", bytes: photo, size: size, isResizable: true)
        let variants = try ImagePublisher.variants(of: asset, quality: 75, cacheFolder: nil).variants
        let webp = variants.filter(\.isModern)
        // 384 and 500 (the upright width); 624, 768, 1248 and 1872 would all be 500 again.
        #expect(webp.map(\.width) == [384, 500], "\(variants.map { "\($0.mediaType) \($0.width)x\($0.height)" })")
        #expect(webp.last?.height == 2000)
        #expect(variants.filter { !$0.isModern }.map(\.width) == [500])
    }
}
