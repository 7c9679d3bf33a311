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

    @Test func aGammaBesideAnSRGBChunkOrOfSRGBChangesNothing() throws {
        let sRGB = try Self.warm(with: [Self.linear, ("sRGB", [0])])
        let usual = try Self.warm(with: [("gAMA", [0, 0, 0xB1, 0x8F])])  // 45,455: 1 / 2.2
        for source in [sRGB, usual] {
            let published = try ImageProcessor.resize(source, toWidth: 1000, as: [.png], quality: 95)[0].bytes
            #expect(Self.close(try ImageProcessor.averageColor(of: published), (200, 150, 100)))
        }
    }
}
