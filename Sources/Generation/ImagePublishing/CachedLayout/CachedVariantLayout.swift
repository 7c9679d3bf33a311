import AppDefModel

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
    static func problem(in bytes: [UInt8], format: ImageFormat, width: Int, height: Int, animated: Bool) -> String? {
        switch format {
        case .png: pngProblem(bytes, width: width, height: height)
        case .webp: webPProblem(bytes, width: width, height: height, animated: animated)
        case .gif: gifProblem(bytes, width: width, height: height)
        default: nil  // a JPEG's segments are walked whole by ImageStructure
        }
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
