internal import Zlib

extension CachedVariantLayout {
    /// The resolution the build gives every PNG it writes (72 dpi, in pixels per metre as
    /// libpng writes it): libvips writes a `pHYs` chunk from the image's, which an author's
    /// image carries through, and 9 bytes that any value passes are 9 bytes to hide.
    static let pngPixelsPerMetre = [2834, 2835]
    /// The length of each `IDAT` chunk libpng writes but the last: its compression buffer's.
    static let pngDataChunkLength = 8192

    /// The build's PNG: `IHDR` (8-bit grey or RGB with alpha, not interlaced, of the listed
    /// size), `pHYs` once at 72 dpi, then `IDAT` chunks of 8192 bytes but the last (none empty), then `IEND`, the file's
    /// end; every CRC holding (libpng does not check an `IEND`'s, nor an empty `IDAT`'s, and
    /// WebKit drew nothing of a PNG whose `IEND` CRC did not hold); its data one zlib stream
    /// of its rows (``pngDataProblem(_:width:height:channels:)``).
    static func pngProblem(_ png: [UInt8], width: Int, height: Int) -> String? {
        var offset = 8
        var types: [String] = []
        var idatLengths: [Int] = []
        var compressed: [UInt8] = []
        while offset < png.count {
            guard let length = png.bigEndianInteger(at: offset, size: 4), length <= png.count - offset - 12 else {
                return "ends inside a chunk"
            }
            let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
            guard PNGChunkCRC.holds(png, chunkAt: offset, length: length) else { return "has a chunk, \(type), whose CRC does not hold" }
            let data = offset + 8
            switch type {
            case "IHDR" where types.isEmpty:
                guard length == 13, png.bigEndianInteger(at: data, size: 4) == width, png.bigEndianInteger(at: data + 4, size: 4) == height,
                    png[data + 8] == 8, [4, 6].contains(png[data + 9]), png[data + 10..<data + 13].allSatisfy({ $0 == 0 })
                else { return "has a header (IHDR) other than the build's" }
            case "pHYs" where types == ["IHDR"]:
                guard length == 9, let x = png.bigEndianInteger(at: data, size: 4), pngPixelsPerMetre.contains(x),
                    png.bigEndianInteger(at: data + 4, size: 4) == x, png[data + 8] == 1
                else { return "has a resolution (pHYs) other than the build's 72 dpi" }
            case "IDAT" where types.last == "IHDR" || types.last == "pHYs" || types.last == "IDAT":
                guard length > 0 else { return "has an empty IDAT chunk" }
                if types.last != "IDAT" {
                    guard length >= 2, png[data] == zlibHeader(width: width, height: height, channels: png[25] == 4 ? 2 : 4).method,
                        png[data + 1] == zlibHeader(width: width, height: height, channels: png[25] == 4 ? 2 : 4).flags
                    else { return "has a zlib header other than the one libpng writes for it" }
                }
                // libpng cuts the data in chunks of its buffer's size: the lengths of chunks cut
                // otherwise spelled a message.
                guard types.last != "IDAT" || idatLengths.last == pngDataChunkLength, length <= pngDataChunkLength else {
                    return "has its data cut in chunks other than libpng's of \(pngDataChunkLength) bytes"
                }
                idatLengths.append(length)
                compressed += png[data..<data + length]
            case "IEND" where types.last == "IDAT":
                guard length == 0, data + 4 == png.count else { return "has bytes in or after its IEND chunk" }
            default:
                return "has a chunk, \(type), where the build's PNG has none"
            }
            types.append(type)
            offset = data + length + 4
        }
        guard types.last == "IEND" else { return "ends before its IEND chunk" }
        return pngDataProblem(compressed, width: width, height: height, channels: png[25] == 4 ? 2 : 4)
    }

    /// The data of the build's PNG: one zlib stream of its rows, whole, its check (Adler-32)
    /// holding, with nothing after it, each row's filter one of PNG's five. libvips's decoder
    /// reads neither the check nor what follows the stream's end, while WebKit drops the last
    /// row of a PNG whose check does not hold (Chromium draws it): its 4 bytes carried anything,
    /// and so did bytes after the end.
    static func pngDataProblem(_ compressed: [UInt8], width: Int, height: Int, channels: Int) -> String? {
        let rowLength = 1 + width * channels
        let inflated: (bytes: [UInt8], consumed: Int)?
        do {
            inflated = try Zlib.inflate(compressed, toExactly: rowLength * height)
        } catch {
            return "cannot be checked: \(error.description)"
        }
        guard let inflated, inflated.consumed == compressed.count else {
            return "has data other than one whole zlib stream of its rows (its check, Adler-32, holding) and nothing after it"
        }
        guard stride(from: 0, to: inflated.bytes.count, by: rowLength).allSatisfy({ inflated.bytes[$0] <= 4 }) else {
            return "has a row whose filter type PNG does not have"
        }
        return nil
    }
}

extension CachedVariantLayout {
    /// The zlib header libpng writes for an 8-bit image of `width`×`height` pixels of
    /// `channels` bytes: deflate with the window libpng narrows to fit data of 16 KB or less
    /// (`png_deflate_claim`), its size in the header narrowed further to the data's
    /// (`optimize_cmf`), and the flags of zlib's level 9 (3), their check bits added as zlib
    /// and libpng add them (31 where 0 would do). Decoders read neither the level nor the
    /// window's slack, so each carried bits.
    static func zlibHeader(width: Int, height: Int, channels: Int) -> (method: UInt8, flags: UInt8) {
        let size = (width * channels + 1) * height  // each row after its filter byte
        var windowBits = 15
        if size <= 16_384 {
            var half = 1 << (windowBits - 1)
            while size + 262 <= half {
                half >>= 1
                windowBits -= 1
            }
        }
        var info = windowBits - 8
        if size <= 16_384 {
            var half = 1 << (info + 7)
            if size <= half {
                repeat {
                    half >>= 1
                    info -= 1
                } while info > 0 && size <= half
            }
        }
        let method = info << 4 | 8
        let level = 3 << 6
        let flags = level + 31 - ((method << 8) | level) % 31
        return (UInt8(method), UInt8(flags))
    }
}

/// CRC-32 as PNG computes it, over a chunk's type and data.
enum PNGChunkCRC {
    private static let table: [UInt32] = (0..<256).map { index in
        var crc = UInt32(index)
        for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        return crc
    }

    /// Whether the CRC of the chunk at `offset` in `png`, of `length` bytes of data (which the
    /// file holds whole), is its type's and data's.
    static func holds(_ png: [UInt8], chunkAt offset: Int, length: Int) -> Bool {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in png[offset + 4..<offset + 8 + length] { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return UInt32(truncatingIfNeeded: png.bigEndianInteger(at: offset + 8 + length, size: 4) ?? -1) == ~crc
    }
}
