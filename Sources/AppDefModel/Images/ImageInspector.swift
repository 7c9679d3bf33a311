/// The pixel dimensions of an image (CSS pixels for SVG).
public struct ImageSize: Hashable, Sendable {
    /// Width in pixels; always positive when produced by ``ImageInspector``.
    public var width: Int
    /// Height in pixels; always positive when produced by ``ImageInspector``.
    public var height: Int

    /// Creates a size from a width and a height in pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// Identifies image files from their content and reads their dimensions from their headers.
///
/// Everything here is written for untrusted input: every read is bounds-checked, so any byte
/// sequence (empty, truncated, random, or declaring absurd sizes) yields `nil` rather than a trap.
/// Only headers are read: a file cut off after its header still reports its size.
public enum ImageInspector {
    /// The format the bytes actually are, from their magic numbers; nil when none of the above.
    ///
    /// The file name is deliberately not consulted: the point is to catch files whose
    /// extension lies (a HEIC photo renamed to `.jpg`, a PNG saved as `.gif`, ...).
    public static func sniffFormat(_ bytes: [UInt8]) -> ImageFormat? {
        // Read by the project's XML reader, as the build reads it to publish it.
        rasterFormat(of: bytes) ?? (SVGSanitizer.isSVG(bytes) ? .svg : nil)
    }

    /// The raster format `source` is, from its first 4 KB at most; `nil` for anything else,
    /// SVG included.
    package static func rasterFormat(of source: some ImageBytes) -> ImageFormat? {
        let data = ByteReader(source)
        if data.matches(Magic.png, at: 0) { return .png }
        if data.matches(Magic.jpeg, at: 0) { return .jpeg }
        if data.matches(Magic.gif87a, at: 0) || data.matches(Magic.gif89a, at: 0) { return .gif }
        if data.matches(Magic.riff, at: 0) && data.matches(Magic.webp, at: 8) { return .webp }
        if data.matches(Magic.psd, at: 0) { return .psd }
        if data.matches(Magic.tiffLittleEndian, at: 0) || data.matches(Magic.tiffBigEndian, at: 0) { return .tiff }
        if let format = isoMediaFormat(data) { return format }
        if data.matches(Magic.ico, at: 0) { return .ico }
        // "BM" is only two bytes, so it is tried after every longer signature.
        if data.matches(Magic.bmp, at: 0) { return .bmp }
        return nil
    }

    /// Width and height in pixels (CSS px for SVG), or nil when the bytes are truncated/corrupt
    /// or the format has no readable size.
    ///
    /// The bytes are checked against `format`'s own signature, so passing the wrong format
    /// gives `nil`. Only PNG, JPEG, GIF, WebP and SVG sizes are read; the unsupported formats
    /// always give `nil`, because they are rejected before their size could matter.
    /// Zero or negative dimensions give `nil`.
    public static func size(of bytes: [UInt8], format: ImageFormat) -> ImageSize? {
        guard format == .svg else { return rasterSize(of: bytes, format: format) }
        guard case .published(let svg) = SVGSanitizer.sanitize(bytes, documentName: "") else { return nil }
        return svg.size
    }

    /// The size a PNG, JPEG, GIF or WebP header gives, reading only the headers; `nil` for
    /// other formats, SVG included.
    package static func rasterSize(of source: some ImageBytes, format: ImageFormat) -> ImageSize? {
        let data = ByteReader(source)
        switch format {
        case .png: return pngSize(data)
        case .jpeg: return jpegSize(data)
        case .gif: return gifSize(data)
        case .webp: return webpSize(data)
        case .svg, .bmp, .tiff, .heic, .avif, .ico, .psd: return nil
        }
    }
}

// MARK: - Signatures

/// Magic numbers, as byte arrays so they can be compared without decoding text.
private enum Magic {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF]
    static let gif87a = Array("GIF87a".utf8)
    static let gif89a = Array("GIF89a".utf8)
    static let riff = Array("RIFF".utf8)
    static let webp = Array("WEBP".utf8)
    static let psd = Array("8BPS".utf8)
    static let tiffLittleEndian: [UInt8] = [0x49, 0x49, 0x2A, 0x00]
    static let tiffBigEndian: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A]
    static let ftyp = Array("ftyp".utf8)
    static let ico: [UInt8] = [0x00, 0x00, 0x01, 0x00]
    static let bmp = Array("BM".utf8)
    static let ihdr = Array("IHDR".utf8)
    static let vp8Lossy = Array("VP8 ".utf8)
    static let vp8Lossless = Array("VP8L".utf8)
    static let vp8Extended = Array("VP8X".utf8)
    static let vp8StartCode: [UInt8] = [0x9D, 0x01, 0x2A]

    /// ISO base media ("ftyp") brands. HEIC and AVIF share the container, so the brand decides.
    static let avifBrands = brands("avif", "avis")
    static let heicBrands = brands("heic", "heix", "hevc", "hevx")
    /// Generic HEIF brands, used by HEIC files and also as the major brand of some AVIF files.
    static let heifBrands = brands("mif1", "msf1")

    private static func brands(_ names: String...) -> Set<[UInt8]> {
        Set(names.map { Array($0.utf8) })
    }
}

extension ImageInspector {
    /// HEIC or AVIF from an ISO base media `ftyp` box, or nil for other containers (e.g. MP4).
    private static func isoMediaFormat(_ data: ByteReader<some ImageBytes>) -> ImageFormat? {
        guard data.matches(Magic.ftyp, at: 4), let major = data.bytes(at: 8, count: 4),
            let boxSize = data.uint32BE(at: 0)
        else { return nil }
        if Magic.avifBrands.contains(major) { return .avif }
        if Magic.heicBrands.contains(major) { return .heic }
        // A generic HEIF major brand ("mif1") is used by AVIF files too, so then the compatible
        // brands decide. They follow the major brand and the 4-byte minor version, up to the end
        // of the box (size 0 means "to the end of the file"). Capped: a real ftyp is tiny.
        let boxEnd = min(boxSize == 0 ? data.count : boxSize, data.count, 4096)
        var compatible: [[UInt8]] = []
        var offset = 16
        while offset + 4 <= boxEnd, let brand = data.bytes(at: offset, count: 4) {
            compatible.append(brand)
            offset += 4
        }
        if compatible.contains(where: Magic.avifBrands.contains) { return .avif }
        let heif = Magic.heicBrands.union(Magic.heifBrands)
        if heif.contains(major) || compatible.contains(where: heif.contains) { return .heic }
        return nil
    }
}

// MARK: - Raster sizes

extension ImageInspector {
    /// PNG: the IHDR chunk must come first and holds big-endian width and height.
    private static func pngSize(_ data: ByteReader<some ImageBytes>) -> ImageSize? {
        guard data.matches(Magic.png, at: 0), data.uint32BE(at: 8) == 13, data.matches(Magic.ihdr, at: 12),
            let width = data.uint32BE(at: 16), let height = data.uint32BE(at: 20),
            width <= Int(Int32.max), height <= Int(Int32.max)  // the PNG spec's own limit
        else { return nil }
        return ImageSize(positiveWidth: width, height: height)
    }

    /// JPEG: walks the marker segments until the first start-of-frame (SOFn) header.
    private static func jpegSize(_ data: ByteReader<some ImageBytes>) -> ImageSize? {
        var size: ImageSize?
        _ = JPEGSegments.walk(data) { marker, offset, length in
            // C0...CF are SOF0...SOF15 except C4 (DHT), C8 (JPG extension) and CC (DAC).
            guard (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) else { return false }
            // Segment: length(2) precision(1) height(2) width(2) components(1) ...
            if length >= 8, let height = data.uint16BE(at: offset + 3), let width = data.uint16BE(at: offset + 5) {
                size = ImageSize(positiveWidth: width, height: height)
            }
            return true
        }
        return size
    }

    /// GIF: the logical screen width and height, little-endian, right after the signature.
    private static func gifSize(_ data: ByteReader<some ImageBytes>) -> ImageSize? {
        guard data.matches(Magic.gif87a, at: 0) || data.matches(Magic.gif89a, at: 0),
            let width = data.uint16LE(at: 6), let height = data.uint16LE(at: 8)
        else { return nil }
        return ImageSize(positiveWidth: width, height: height)
    }

    /// WebP: the first chunk after the RIFF header says which of the three layouts is used.
    private static func webpSize(_ data: ByteReader<some ImageBytes>) -> ImageSize? {
        guard data.matches(Magic.riff, at: 0), data.matches(Magic.webp, at: 8) else { return nil }
        let chunkData = 20  // RIFF header (12) + chunk fourcc (4) + chunk size (4)
        if data.matches(Magic.vp8Lossy, at: 12) {
            // 3-byte frame tag (bit 0 clear on a key frame), start code, then 14-bit dimensions
            // whose top 2 bits are a scaling hint, not part of the size.
            guard let tag = data.byte(at: chunkData), tag & 1 == 0,
                data.matches(Magic.vp8StartCode, at: chunkData + 3),
                let width = data.uint16LE(at: chunkData + 6), let height = data.uint16LE(at: chunkData + 8)
            else { return nil }
            return ImageSize(positiveWidth: width & 0x3FFF, height: height & 0x3FFF)
        }
        if data.matches(Magic.vp8Lossless, at: 12) {
            // Signature 0x2F, then 14 bits width-1, 14 bits height-1, 1 alpha bit, 3 version bits (0).
            guard data.byte(at: chunkData) == 0x2F, let bits = data.uint32LE(at: chunkData + 1),
                bits >> 29 == 0
            else { return nil }
            return ImageSize(positiveWidth: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
        }
        if data.matches(Magic.vp8Extended, at: 12) {
            // Flags (1) and reserved (3), then 24-bit canvas width-1 and height-1.
            guard let width = data.uint24LE(at: chunkData + 4), let height = data.uint24LE(at: chunkData + 7)
            else { return nil }
            return ImageSize(positiveWidth: width + 1, height: height + 1)
        }
        return nil
    }
}

extension ImageSize {
    /// A size only when both dimensions are positive: a zero-sized image is as good as corrupt.
    fileprivate init?(positiveWidth width: Int, height: Int) {
        guard width > 0, height > 0 else { return nil }
        self.init(width: width, height: height)
    }
}

// MARK: - Bounds-checked reading

/// Reads integers from image bytes; every accessor returns nil instead of reading out of bounds.
package struct ByteReader<Source: ImageBytes> {
    private let source: Source

    package init(_ source: Source) { self.source = source }

    package var count: Int { source.count }

    package func byte(at offset: Int) -> Int? {
        source.byte(at: offset).map(Int.init)
    }

    /// Where the first `byte` at or after `offset` is, read without copying.
    package func firstIndex(of byte: UInt8, from offset: Int) -> Int? {
        source.firstIndex(of: byte, from: offset)
    }

    package func bytes(at offset: Int, count length: Int) -> [UInt8]? {
        source.bytes(at: offset, count: length)
    }

    package func matches(_ expected: [UInt8], at offset: Int) -> Bool {
        source.bytes(at: offset, count: expected.count) == expected
    }

    func uint16BE(at offset: Int) -> Int? { unsigned(at: offset, count: 2, bigEndian: true) }
    func uint16LE(at offset: Int) -> Int? { unsigned(at: offset, count: 2, bigEndian: false) }
    func uint24LE(at offset: Int) -> Int? { unsigned(at: offset, count: 3, bigEndian: false) }
    func uint32BE(at offset: Int) -> Int? { unsigned(at: offset, count: 4, bigEndian: true) }
    func uint32LE(at offset: Int) -> Int? { unsigned(at: offset, count: 4, bigEndian: false) }

    /// At most 4 bytes, so the result always fits in `Int` (64-bit on every supported platform).
    private func unsigned(at offset: Int, count length: Int, bigEndian: Bool) -> Int? {
        guard let raw = bytes(at: offset, count: length) else { return nil }
        let ordered = bigEndian ? raw : raw.reversed()
        return ordered.reduce(0) { $0 << 8 | Int($1) }
    }
}
