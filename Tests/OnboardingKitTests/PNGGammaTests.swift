import Foundation
import ImageProcessing
import Testing

/// A PNG's `gAMA` is applied, as browsers apply it: a gamma of 1.0 put mid-grey 128 at 188 in
/// Chromium 156 and 186 in WebKitGTK 2.50, and the build, whose libvips reads PNGs without it,
/// published 128. An `sRGB` chunk says the colours in its place, and browsers then ignore it.
struct PNGGammaTests {
    /// ``ImagePlaceholderTests/warmPNG``, opaque (200, 150, 100), with `chunks` after its header.
    static func warm(with chunks: [(String, [UInt8])]) throws -> [UInt8] {
        let png = [UInt8](try #require(Data(base64Encoded: ImagePlaceholderTests.warmPNG)))
        let added = chunks.flatMap { type, data in
            let body = Array(type.utf8) + data
            let crc = ImagePixelDamageTests.crc32(body)
            return [UInt8(data.count >> 24), UInt8(data.count >> 16 & 0xFF), UInt8(data.count >> 8 & 0xFF), UInt8(data.count & 0xFF)] + body
                + [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        }
        // The signature (8 bytes) and IHDR (25).
        return Array(png[..<33]) + added + png[33...]
    }

    static let linear = ("gAMA", [0, 0x01, 0x86, 0xA0] as [UInt8])  // 100,000: 1.0

    static func close(_ colour: ImageProcessor.Color, _ expected: (Int, Int, Int)) -> Bool {
        abs(Int(colour.red) - expected.0) <= 3 && abs(Int(colour.green) - expected.1) <= 3 && abs(Int(colour.blue) - expected.2) <= 3
    }

    @Test func aGammaOfOneIsAppliedToWhatIsPublishedAndItsPlaceholder() throws {
        let source = try Self.warm(with: [Self.linear])
        // Each channel c published as 255 × (c / 255)^(1 / 2.2).
        let expected = (228, 200, 167)
        for format in [ImageProcessor.Format.webp, .jpeg, .png] {
            let published = try ImageProcessor.resize(source, toWidth: 1000, as: [format], quality: 95)[0].bytes
            let colour = try ImageProcessor.averageColor(of: published)
            #expect(Self.close(colour, expected), "\(format): \(colour)")
        }
        #expect(Self.close(try ImageProcessor.averageColor(of: source), expected))
    }

    /// Browsers read the first gAMA whose CRC holds, and an sRGB chunk only when whole; a
    /// gamma far past what tools write they draw apart, and it is left unapplied (round 23).
    @Test func theGammaBrowsersReadIsTheOneApplied() throws {
        let usual = ("gAMA", [0, 0, 0xB1, 0x8F] as [UInt8])
        func published(_ source: [UInt8]) throws -> ImageProcessor.Color {
            try ImageProcessor.averageColor(of: try ImageProcessor.resize(source, toWidth: 1000, as: [.png], quality: 95)[0].bytes)
        }
        let applied = (228, 200, 167)
        #expect(Self.close(try published(try Self.warm(with: [Self.linear, usual])), applied))
        #expect(Self.close(try published(try Self.warm(with: [usual, Self.linear])), (200, 150, 100)))
        // A CRC that does not hold: the chunk is dropped.
        var broken = try Self.warm(with: [Self.linear])
        broken[33 + 12 + 3] ^= 0xFF
        #expect(Self.close(try published(broken), (200, 150, 100)))
        // An sRGB chunk of 2 bytes is no sRGB chunk.
        #expect(Self.close(try published(try Self.warm(with: [("sRGB", [0, 0]), Self.linear])), applied))
        #expect(Self.close(try published(try Self.warm(with: [("gAMA", [0x05, 0xF5, 0xE1, 0x00])])), (200, 150, 100)))
    }

    /// Browsers decode, gamma applied, then scale: black and white columns of gamma 1.0 drawn
    /// at a quarter of their width are mid-grey, and were published light grey (186), the
    /// gamma applied after shrinking (round 23).
    @Test func theGammaIsAppliedBeforeTheImageIsMadeSmaller() throws {
        let (width, height) = (64, 16)
        let rows = (0..<height).flatMap { _ in [0] + (0..<width).flatMap { x -> [UInt8] in x % 2 == 0 ? [0, 0, 0] : [255, 255, 255] } }
        var stored: [UInt8] = [0x78, 0x01, 1, UInt8(rows.count & 0xFF), UInt8(rows.count >> 8)]
        stored += [UInt8(~rows.count & 0xFF), UInt8(~rows.count >> 8 & 0xFF)] + rows
        let (a, b) = rows.reduce((UInt32(1), UInt32(0))) { sums, byte in
            let a = (sums.0 + UInt32(byte)) % 65_521
            return (a, (sums.1 + a) % 65_521)
        }
        let adler = b << 16 | a
        stored += [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let crc = ImagePixelDamageTests.crc32(Array(type.utf8) + data)
            return [UInt8(data.count >> 24), UInt8(data.count >> 16 & 0xFF), UInt8(data.count >> 8 & 0xFF), UInt8(data.count & 0xFF)]
                + Array(type.utf8) + data + [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        }
        let png =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", [0, 0, 0, UInt8(width), 0, 0, 0, UInt8(height), 8, 2, 0, 0, 0])
            + chunk("gAMA", Self.linear.1) + chunk("IDAT", stored) + chunk("IEND", [])
        let small = try ImageProcessor.resize(png, toWidth: width / 4, as: [.png], quality: 95)[0]
        #expect(small.width == width / 4)
        let colour = try ImageProcessor.averageColor(of: small.bytes)
        #expect(Self.close(colour, (128, 128, 128)) || Self.close(colour, (127, 127, 127)), "\(colour)")
    }

    /// A profile beside the gamma says the colours, whether it fits the image or not: browsers
    /// drew an RGB PNG with a grey profile (which libpng drops) and a gamma of 1.0 as stored,
    /// and the build applied the gamma (round 24).
    @Test func aProfileThatDoesNotFitCancelsTheGammaToo() throws {
        let grey: [UInt8] =
            [0, 0, 0, 132] + Array(repeating: 0, count: 4) + [2, 0x10, 0, 0] + Array("mntrGRAYXYZ ".utf8) + Array(repeating: 0, count: 12)
            + Array("acsp".utf8) + Array(repeating: 0, count: 132 - 40)
        // Stored (uncompressed) in one deflate block, with its Adler-32.
        let (a, b) = grey.reduce((UInt32(1), UInt32(0))) { sums, byte in
            let a = (sums.0 + UInt32(byte)) % 65_521
            return (a, (sums.1 + a) % 65_521)
        }
        let adler = b << 16 | a
        let stream: [UInt8] =
            [0x78, 0x01, 1, UInt8(grey.count & 0xFF), UInt8(grey.count >> 8), UInt8(~grey.count & 0xFF), UInt8(~grey.count >> 8 & 0xFF)] + grey
            + [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
        // Under a name of 4 bytes, and of 80, one past the format's 79 (round 25). Beside a
        // longer one browsers disagree, and the gamma is applied, as Chromium applies it
        // (round 26: 81 to 255 bytes had it set aside, 256 applied).
        for (length, expected) in [(4, (200, 150, 100)), (80, (200, 150, 100)), (81, (228, 200, 167)), (256, (228, 200, 167))] {
            let source = try Self.warm(with: [("iCCP", Array(repeating: UInt8(ascii: "n"), count: length) + [0, 0] + stream), Self.linear])
            let published = try ImageProcessor.resize(source, toWidth: 1000, as: [.png], quality: 95)[0].bytes
            #expect(Self.close(try ImageProcessor.averageColor(of: published), expected), "\(length)")
        }
    }

    @Test func aGammaBesideAnSRGBChunkOrOfSRGBChangesNothing() throws {
        let sRGB = try Self.warm(with: [Self.linear, ("sRGB", [0])])
        let usual = try Self.warm(with: [("gAMA", [0, 0, 0xB1, 0x8F])])  // 45,455: 1 / 2.2
        for source in [sRGB, usual] {
            let published = try ImageProcessor.resize(source, toWidth: 1000, as: [.png], quality: 95)[0].bytes
            #expect(Self.close(try ImageProcessor.averageColor(of: published), (200, 150, 100)))
        }
    }
}
