import AppDefModel
internal import ImageProcessing

/// The layout of the files the build writes, exactly: which chunks, blocks or segments, in
/// which order, each of the length its format gives it, with its reserved bits and fixed
/// fields as the build's encoders set them and its checksums holding.
///
/// A cached variant's structure walk (``ImageStructure``) lists what a file holds that draws
/// nothing; this is the other half: what is allowed at all. Every field a decoder passes over
/// is a place to hide bytes in a file the build would publish as its own: a WebP's VP8X chunk
/// 4 KB long, a thousand empty PNG `IDAT` chunks whose CRCs spell a message, a GIF's graphic
/// control extension repeated before its trailer all decoded without a warning, and WebKit
/// drew nothing of a PNG whose `IEND` CRC did not hold. What is left is the pixel data itself,
/// compressed, which only encoding it again would check.
enum CachedVariantLayout {
    /// Why `bytes`, a variant of `format` listed as `width`×`height` (a frame's size for an
    /// animation), is not laid out as the build lays out its files; `nil` when it is.
    /// `quality` is the build's JPEG quality, whose quantization tables a JPEG must have.
    static func problem(in bytes: [UInt8], format: ImageFormat, width: Int, height: Int, animated: Bool, quality: Int) -> String? {
        switch format {
        case .png: return pngProblem(bytes, width: width, height: height)
        case .webp: return webPProblem(bytes, width: width, height: height, animated: animated)
        case .gif: return gifProblem(bytes, width: width, height: height)
        case .jpeg:
            guard let reference = quantizationTables(atQuality: quality) else { return "cannot be compared with the build's JPEG: libvips made none" }
            return jpegProblem(bytes, width: width, height: height, quantization: reference)
        default: return nil
        }
    }

    /// A PNG of one opaque pixel, to make a JPEG of.
    private static let onePixel: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0, 0x90, 0x77,
        0x53, 0xDE, 0, 0, 0, 0x0C, 0x49, 0x44, 0x41, 0x54, 0x08, 0xD7, 0x63, 0xF8, 0xCF, 0xC0, 0, 0, 0x03, 0x01, 0x01, 0, 0x18, 0xDD, 0x8D,
        0xB0, 0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]

    /// The quantization tables (each its 65 bytes: precision and number, then the entries)
    /// libjpeg writes at `quality`, in order: those of a JPEG the build's encoder makes now of
    /// one pixel, so that they are libjpeg's own whatever its version.
    static func quantizationTables(atQuality quality: Int) -> [[UInt8]]? {
        guard let jpeg = try? ImageProcessor.resize(onePixel, toWidth: 1, as: .jpeg, quality: quality).bytes else { return nil }
        var tables: [[UInt8]] = []
        var offset = 2
        while offset + 4 <= jpeg.count, jpeg[offset] == 0xFF, jpeg[offset + 1] != 0xDA, let length = jpeg.bigEndianInteger(at: offset + 2, size: 2) {
            if jpeg[offset + 1] == 0xDB, length == 67 { tables.append(Array(jpeg[offset + 4..<offset + 69])) }
            offset += 2 + length
        }
        return tables.isEmpty ? nil : tables
    }
}

/// Reading a file's integers, either byte order, as `nil` past its end.
extension [UInt8] {
    func bigEndianInteger(at offset: Int, size: Int) -> Int? {
        guard offset >= 0, size <= count - offset else { return nil }
        return self[offset..<offset + size].reduce(0) { $0 << 8 | Int($1) }
    }

    func littleEndianInteger(at offset: Int, size: Int) -> Int? {
        guard offset >= 0, size <= count - offset else { return nil }
        return self[offset..<offset + size].reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}
