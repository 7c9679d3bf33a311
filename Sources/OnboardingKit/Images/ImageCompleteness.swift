/// Whether a raster image's data is whole, and whether its size is one a phone can decode.
///
/// The size in a header is read before anything else, so a file cut short after it (a failed
/// copy, an interrupted download) still shows a size; a browser then draws part of it or
/// nothing. Each format's own structure says where it ends: PNG's chunks up to `IEND`, JPEG's
/// end-of-image marker, GIF's blocks up to its trailer, the length in WebP's RIFF header. Only that structure is
/// read, never the pixels.
enum ImageCompleteness {
    /// More pixels than this take hundreds of megabytes to decode (4 bytes each): no phone shows
    /// them, and no onboarding screen needs them. 50 megapixels is more than any phone camera
    /// makes at full size.
    static let maximumPixels = 50_000_000

    /// What is wrong with the data, to follow the file's name ('x.png' is cut short...), or
    /// `nil` when it is whole and usable.
    static func problem(in source: some ImageBytes, format: ImageFormat, size: ImageSize) -> String? {
        if size.width * size.height > maximumPixels {
            return "claims \(size.width)×\(size.height) pixels, more than a phone can decode (at most \(maximumPixels / 1_000_000) megapixels)"
        }
        let data = ByteReader(source)
        let whole: Bool =
            switch format {
            case .png: pngIsWhole(data)
            case .jpeg: jpegIsWhole(data)
            case .gif: gifIsWhole(data)
            case .webp: webpIsWhole(data)
            default: true
            }
        return whole ? nil : "is cut short: the file ends before its image data does"
    }

    /// The chunks, each a length, a type, its data and a CRC, follow one another up to `IEND`.
    /// What follows `IEND` is ignored, as decoders ignore it.
    private static func pngIsWhole(_ data: ByteReader<some ImageBytes>) -> Bool {
        var offset = 8
        while let length = data.uint32BE(at: offset), let type = data.bytes(at: offset + 4, count: 4) {
            let next = offset + 12 + length
            guard next <= data.count else { return false }
            if type == Array("IEND".utf8) { return true }
            offset = next
        }
        return false
    }

    /// The compressed data runs from the first start of scan to the end-of-image marker, with
    /// the tables of further scans between. Data after the end marker (phones append their own)
    /// is ignored, as decoders ignore it; so is a thumbnail's end marker in the header.
    private static func jpegIsWhole(_ data: ByteReader<some ImageBytes>) -> Bool {
        guard case .scan(var offset) = JPEGSegments.walk(data, visit: { _, _, _ in false }) else { return false }
        while let marker = nextMarker(in: data, from: &offset) {
            switch marker {
            case 0xD9: return true
            case 0x00, 0x01, 0xD0...0xD7: continue  // a stuffed 0xFF in the data, TEM, a restart
            default:
                // A table or the header of the next scan: skip it whole, whatever it holds.
                guard let length = data.uint16BE(at: offset), length >= 2 else { return false }
                offset += length
            }
        }
        return false
    }

    /// The code after the next 0xFF (fill bytes skipped) from `offset`, which then points past
    /// it; `nil` when the data ends first. Reads the data a window at a time.
    private static func nextMarker(in data: ByteReader<some ImageBytes>, from offset: inout Int) -> Int? {
        while offset < data.count {
            guard let window = data.bytes(at: offset, count: min(1 << 16, data.count - offset)) else { return nil }
            guard let found = window.firstIndex(of: 0xFF) else {
                offset += window.count
                continue
            }
            offset += found + 1
            while data.byte(at: offset) == 0xFF { offset += 1 }
            guard let marker = data.byte(at: offset) else { return nil }
            offset += 1
            return marker
        }
        return nil
    }

    /// After the header and the global colour table, blocks up to the trailer (`;`): image
    /// descriptors with their data, and extensions, both as sub-blocks ending with an empty one.
    private static func gifIsWhole(_ data: ByteReader<some ImageBytes>) -> Bool {
        guard let flags = data.byte(at: 10) else { return false }
        var offset = 13 + colorTableSize(flags)
        while let introducer = data.byte(at: offset) {
            switch introducer {
            case 0x3B: return true
            case 0x21: offset += 2  // extension introducer and label
            case 0x2C:
                // Descriptor (10 bytes), its own colour table, the LZW minimum code size.
                guard let localFlags = data.byte(at: offset + 9) else { return false }
                offset += 10 + colorTableSize(localFlags) + 1
            default: return false
            }
            while let blockSize = data.byte(at: offset) {
                offset += 1 + blockSize
                if blockSize == 0 { break }
            }
        }
        return false
    }

    /// The size of the colour table a GIF's packed flags announce: 3 bytes for each of 2^(n+1)
    /// colours when the high bit is set.
    private static func colorTableSize(_ flags: Int) -> Int {
        flags & 0x80 == 0 ? 0 : 3 << ((flags & 0x07) + 1)
    }

    /// `RIFF`, the length of what follows, `WEBP`: the file holds at least that much.
    private static func webpIsWhole(_ data: ByteReader<some ImageBytes>) -> Bool {
        guard let length = data.uint32LE(at: 4) else { return false }
        return data.count >= 8 + length
    }
}
