import ImageProcessing
import Testing

/// A 16-bit grey sample is published as its high byte, as Chromium and WebKit draw it: libvips
/// rounded v / 257, and grey 128 of 65535, drawn black in both, was published as 1 (round 41).
struct SixteenBitGreyTests {
    @Test(
        arguments: [
            (UInt16(128), UInt8(0)), (0x01C0, 1), (0x80FF, 0x80), (0x7FFF, 0x7F), (0xFFFF, 0xFF),
        ] as [(UInt16, UInt8)])
    func eachSampleIsItsHighByte(sample: UInt16, published: UInt8) throws {
        for withAlpha in [false, true] {
            // One row, no filter, the grey (and an opaque alpha) big-endian.
            var row: [UInt8] = [0, UInt8(sample >> 8), UInt8(sample & 0xFF)]
            if withAlpha { row += [0xFF, 0xFF] }
            let source = UprightPhotoVariantTests.png(width: 1, height: 1, rows: row, colourType: withAlpha ? 4 : 0, bitDepth: 16)
            let variant = try ImageProcessor.resize(source, toWidth: 1, as: .png, quality: 90)
            let colour = try ImageProcessor.averageColor(of: variant.bytes)
            #expect(
                (colour.red, colour.green, colour.blue) == (published, published, published),
                "\(sample) with alpha \(withAlpha): \(colour)")
        }
    }
}
