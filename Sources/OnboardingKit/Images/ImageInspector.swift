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
        let data = ByteReader(bytes)
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
        if SVGScanner(bytes).rootTagEnd(searchLimit: SVGScanner.sniffWindow, allowDoctype: true) != nil {
            return .svg
        }
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
        let data = ByteReader(bytes)
        switch format {
        case .png: return pngSize(data)
        case .jpeg: return jpegSize(data)
        case .gif: return gifSize(data)
        case .webp: return webpSize(data)
        case .svg: return SVGScanner(bytes).size()
        case .bmp, .tiff, .heic, .avif, .ico, .psd: return nil
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
    private static func isoMediaFormat(_ data: ByteReader) -> ImageFormat? {
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
    private static func pngSize(_ data: ByteReader) -> ImageSize? {
        guard data.matches(Magic.png, at: 0), data.uint32BE(at: 8) == 13, data.matches(Magic.ihdr, at: 12),
              let width = data.uint32BE(at: 16), let height = data.uint32BE(at: 20),
              width <= Int(Int32.max), height <= Int(Int32.max)  // the PNG spec's own limit
        else { return nil }
        return ImageSize(positiveWidth: width, height: height)
    }

    /// JPEG: walks the marker segments until the first start-of-frame (SOFn) header.
    private static func jpegSize(_ data: ByteReader) -> ImageSize? {
        guard data.matches([0xFF, 0xD8], at: 0) else { return nil }
        var offset = 2
        // Every iteration moves `offset` forward by at least one byte, so the loop ends.
        while true {
            guard data.byte(at: offset) == 0xFF else { return nil }
            // Any number of 0xFF fill bytes may precede a marker code.
            while data.byte(at: offset) == 0xFF { offset += 1 }
            guard let marker = data.byte(at: offset) else { return nil }
            offset += 1
            switch marker {
            case 0x01, 0xD0...0xD8:
                continue  // TEM, RSTn and SOI stand alone: no length field.
            case 0x00, 0xD9, 0xDA:
                // 00 is not a marker; EOI or start-of-scan before any frame header means
                // there is no size to find (and entropy-coded data cannot be walked).
                return nil
            default:
                break
            }
            guard let length = data.uint16BE(at: offset), length >= 2 else { return nil }
            // C0...CF are SOF0...SOF15 except C4 (DHT), C8 (JPG extension) and CC (DAC).
            if (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) {
                // Segment: length(2) precision(1) height(2) width(2) components(1) ...
                guard length >= 8, let height = data.uint16BE(at: offset + 3),
                      let width = data.uint16BE(at: offset + 5)
                else { return nil }
                return ImageSize(positiveWidth: width, height: height)
            }
            offset += length
        }
    }

    /// GIF: the logical screen width and height, little-endian, right after the signature.
    private static func gifSize(_ data: ByteReader) -> ImageSize? {
        guard data.matches(Magic.gif87a, at: 0) || data.matches(Magic.gif89a, at: 0),
              let width = data.uint16LE(at: 6), let height = data.uint16LE(at: 8)
        else { return nil }
        return ImageSize(positiveWidth: width, height: height)
    }

    /// WebP: the first chunk after the RIFF header says which of the three layouts is used.
    private static func webpSize(_ data: ByteReader) -> ImageSize? {
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

private extension ImageSize {
    /// A size only when both dimensions are positive: a zero-sized image is as good as corrupt.
    init?(positiveWidth width: Int, height: Int) {
        guard width > 0, height > 0 else { return nil }
        self.init(width: width, height: height)
    }
}

// MARK: - Bounds-checked reading

/// Reads integers from a byte array; every accessor returns nil instead of reading out of bounds.
private struct ByteReader {
    private let storage: [UInt8]

    init(_ bytes: [UInt8]) { storage = bytes }

    var count: Int { storage.count }

    func byte(at offset: Int) -> Int? {
        storage.indices.contains(offset) ? Int(storage[offset]) : nil
    }

    func bytes(at offset: Int, count length: Int) -> [UInt8]? {
        guard offset >= 0, length >= 0, offset <= storage.count - length else { return nil }
        return Array(storage[offset..<(offset + length)])
    }

    func matches(_ expected: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, offset <= storage.count - expected.count else { return false }
        return storage[offset..<(offset + expected.count)].elementsEqual(expected)
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

// MARK: - SVG

/// A deliberately small, hand-written scan of an SVG document's prolog and root start tag.
///
/// No XML library is used: all we need is the root element's name and a few attributes, and
/// refusing DOCTYPEs outright means no entity expansion or external fetch can ever happen.
private struct SVGScanner {
    /// How far into a file the sniffer looks for the `<svg` root. Larger than strictly needed
    /// so that a licence comment or editor banner before the root does not hide it.
    static let sniffWindow = 4096

    private let data: ByteReader
    private let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        data = ByteReader(bytes)
    }

    /// The size from the root `<svg>` element's width/height, else its viewBox.
    ///
    /// A width or height counts only when it is a plain number or in `px`; when just one of
    /// them does, the other follows from the viewBox's aspect ratio, as a browser would do.
    func size() -> ImageSize? {
        guard let tagEnd = rootTagEnd(searchLimit: bytes.count, allowDoctype: false),
              let attributes = attributes(from: tagEnd)
        else { return nil }
        let width = attributes["width"].flatMap(SVGNumber.pixels)
        let height = attributes["height"].flatMap(SVGNumber.pixels)
        let viewBox = attributes["viewBox"].flatMap(SVGNumber.viewBoxSize)
        switch (width, height, viewBox) {
        case let (width?, height?, _):
            return Self.rounded(width, height)
        case let (width?, nil, viewBox?):
            return Self.rounded(width, width * viewBox.height / viewBox.width)
        case let (nil, height?, viewBox?):
            return Self.rounded(height * viewBox.width / viewBox.height, height)
        case let (nil, nil, viewBox?):
            return Self.rounded(viewBox.width, viewBox.height)
        default:
            return nil
        }
    }

    /// The offset just after `<svg` in the root start tag, skipping an optional BOM, the XML
    /// declaration, processing instructions, comments and whitespace.
    ///
    /// - Parameters:
    ///   - searchLimit: the root tag must start before this offset.
    ///   - allowDoctype: whether a DOCTYPE is stepped over (sniffing only: many editors write
    ///     one) or ends the scan with nil (sizing: we never look inside DTDs).
    func rootTagEnd(searchLimit: Int, allowDoctype: Bool) -> Int? {
        var offset = data.matches([0xEF, 0xBB, 0xBF], at: 0) ? 3 : 0
        while true {
            offset = skipWhitespace(from: offset)
            guard offset < searchLimit, data.byte(at: offset) == Self.ascii("<") else { return nil }
            if data.matches(Self.processingInstructionStart, at: offset) {
                guard let end = find(Self.processingInstructionEnd, from: offset + 2) else { return nil }
                offset = end + Self.processingInstructionEnd.count
            } else if data.matches(Self.commentStart, at: offset) {
                guard let end = find(Self.commentEnd, from: offset + Self.commentStart.count) else { return nil }
                offset = end + Self.commentEnd.count
            } else if data.matches(Self.doctypeStart, at: offset) {
                guard allowDoctype, let end = doctypeEnd(from: offset + Self.doctypeStart.count) else { return nil }
                offset = end + 1
            } else if data.matches(Self.svgStart, at: offset) {
                // "<svg" must end the element name: "<svgfoo" is another element.
                let afterName = offset + Self.svgStart.count
                guard let next = data.byte(at: afterName),
                      Self.isWhitespace(next) || next == Self.ascii(">") || next == Self.ascii("/")
                else { return nil }
                return afterName
            } else {
                return nil  // Some other root element, or text: not SVG.
            }
        }
    }

    /// Parses `name="value"` / `name='value'` pairs up to the end of the start tag.
    /// Entities are left undecoded: none of the attributes we read can need them.
    private func attributes(from start: Int) -> [String: String]? {
        var result: [String: String] = [:]
        var offset = start
        while true {
            offset = skipWhitespace(from: offset)
            guard let next = data.byte(at: offset) else { return nil }  // truncated inside the tag
            if next == Self.ascii(">") { return result }
            if next == Self.ascii("/") { return data.byte(at: offset + 1) == Self.ascii(">") ? result : nil }

            let nameStart = offset
            while let byte = data.byte(at: offset), !Self.isWhitespace(byte),
                  byte != Self.ascii("="), byte != Self.ascii(">"), byte != Self.ascii("/") {
                offset += 1
            }
            guard offset > nameStart else { return nil }
            let name = String(decoding: bytes[nameStart..<offset], as: UTF8.self)

            offset = skipWhitespace(from: offset)
            guard data.byte(at: offset) == Self.ascii("=") else { return nil }
            offset = skipWhitespace(from: offset + 1)
            guard let quote = data.byte(at: offset), quote == Self.ascii("\"") || quote == Self.ascii("'"),
                  let valueEnd = find([UInt8(quote)], from: offset + 1)
            else { return nil }
            // A repeated attribute makes the document ill-formed, so there is no size to trust.
            guard result[name] == nil else { return nil }
            result[name] = String(decoding: bytes[(offset + 1)..<valueEnd], as: UTF8.self)
            offset = valueEnd + 1
        }
    }

    /// The offset of the `>` closing a DOCTYPE, stepping over quoted strings and an internal
    /// subset in `[...]` without interpreting either.
    private func doctypeEnd(from start: Int) -> Int? {
        var quote: Int?
        var subsetDepth = 0
        var offset = start
        while let byte = data.byte(at: offset) {
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == Self.ascii("\"") || byte == Self.ascii("'") {
                quote = byte
            } else if byte == Self.ascii("[") {
                subsetDepth += 1
            } else if byte == Self.ascii("]") {
                subsetDepth = max(0, subsetDepth - 1)
            } else if byte == Self.ascii(">") && subsetDepth == 0 {
                return offset
            }
            offset += 1
        }
        return nil
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        var offset = max(0, start)
        while offset < data.count {
            if data.matches(needle, at: offset) { return offset }
            offset += 1
        }
        return nil
    }

    private func skipWhitespace(from start: Int) -> Int {
        var offset = start
        while let byte = data.byte(at: offset), Self.isWhitespace(byte) { offset += 1 }
        return offset
    }

    private static func rounded(_ width: Double, _ height: Double) -> ImageSize? {
        // Int(exactly:) is nil for NaN, infinities and values beyond Int: no trapping conversion.
        guard let width = Int(exactly: width.rounded()), let height = Int(exactly: height.rounded()) else {
            return nil
        }
        return ImageSize(positiveWidth: width, height: height)
    }

    private static func isWhitespace(_ byte: Int) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func ascii(_ scalar: Unicode.Scalar) -> Int { Int(scalar.value) }

    private static let processingInstructionStart = Array("<?".utf8)
    private static let processingInstructionEnd = Array("?>".utf8)
    private static let commentStart = Array("<!--".utf8)
    private static let commentEnd = Array("-->".utf8)
    private static let doctypeStart = Array("<!DOCTYPE".utf8)
    private static let svgStart = Array("<svg".utf8)
}

/// Numbers in SVG attribute values, using the CSS number syntax (no hex, "inf" or "nan").
private enum SVGNumber {
    /// The length in CSS pixels when `value` is a plain number or `px`; nil for percentages,
    /// other units or anything unparsable, which all defer to the viewBox.
    static func pixels(_ value: String) -> Double? {
        let text = Array(value.utf8).trimmingSpaces
        guard let end = numberEnd(in: text, from: text.startIndex), let number = double(text[..<end]) else {
            return nil
        }
        let unit = String(decoding: text[end...], as: UTF8.self).lowercased()
        return unit.isEmpty || unit == "px" ? number : nil
    }

    /// Width and height of a viewBox ("min-x min-y width height", separated by whitespace
    /// and/or commas); nil unless it has four numbers and a positive width and height.
    static func viewBoxSize(_ value: String) -> (width: Double, height: Double)? {
        let separators: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ",")]
        let parts = Array(value.utf8).split(whereSeparator: separators.contains)
        guard parts.count == 4 else { return nil }
        let numbers = parts.compactMap { part -> Double? in
            numberEnd(in: part, from: part.startIndex) == part.endIndex ? double(part) : nil
        }
        guard numbers.count == 4, numbers[2] > 0, numbers[3] > 0 else { return nil }
        return (numbers[2], numbers[3])
    }

    /// The end of a number starting at `start`: `[+-]? (digits | digits.digits | .digits) ([eE][+-]?digits)?`.
    private static func numberEnd<Bytes: Collection<UInt8>>(in text: Bytes, from start: Bytes.Index) -> Bytes.Index?
    {
        var index = start
        func skipDigits() -> Int {
            var count = 0
            while index < text.endIndex, (0x30...0x39).contains(text[index]) {
                index = text.index(after: index)
                count += 1
            }
            return count
        }
        if index < text.endIndex, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") {
            index = text.index(after: index)
        }
        var digits = skipDigits()
        if index < text.endIndex, text[index] == UInt8(ascii: ".") {
            index = text.index(after: index)
            digits += skipDigits()
        }
        guard digits > 0 else { return nil }
        // The exponent is optional: "2em" must leave "em" as the unit, not fail as an exponent.
        let beforeExponent = index
        if index < text.endIndex, text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E") {
            index = text.index(after: index)
            if index < text.endIndex, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") {
                index = text.index(after: index)
            }
            if skipDigits() == 0 { index = beforeExponent }
        }
        return index
    }

    /// The grammar was checked by `numberEnd`, so `Double(_:)` only does the arithmetic.
    private static func double<Bytes: Collection<UInt8>>(_ text: Bytes) -> Double? {
        Double(String(decoding: text, as: UTF8.self)).flatMap { $0.isFinite ? $0 : nil }
    }
}

private extension Array<UInt8> {
    /// Without leading and trailing XML whitespace.
    var trimmingSpaces: ArraySlice<UInt8> {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return []
        }
        return self[first...last]
    }
}
