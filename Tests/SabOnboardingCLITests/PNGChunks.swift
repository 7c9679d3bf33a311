import Foundation

/// PNG files built chunk by chunk, with right checksums, for tests that need a PNG of a given
/// header and data: one far larger than it needs to be, or one whose data is not image data.
enum PNGChunks {
    /// A PNG: its signature, `IHDR` with `header` (13 bytes), an `IDAT` chunk for each of `data`,
    /// and `IEND`.
    static func file(header: Data, data: [Data]) -> Data {
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        png.append(chunk("IHDR", header))
        for part in data { png.append(chunk("IDAT", part)) }
        png.append(chunk("IEND", Data()))
        return png
    }

    static func chunk(_ type: String, _ data: Data) -> Data {
        var bytes = Data()
        withUnsafeBytes(of: UInt32(data.count).bigEndian) { bytes.append(contentsOf: $0) }
        let typeAndData = Data(type.utf8) + data
        bytes.append(typeAndData)
        withUnsafeBytes(of: crc32(typeAndData).bigEndian) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// PNG's CRC-32 (ISO 3309), bit by bit: a test needs no speed.
    static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// A whole PNG of `width`×`height`: `bitDepth` bits a sample of `colorType` (0 grey, 2 RGB),
    /// each row's bytes from `row` (filter type 0 is added), compressed as zlib's stored blocks:
    /// a test needs a valid image, not a small one.
    static func image(width: Int, height: Int, bitDepth: UInt8 = 8, colorType: UInt8 = 2, row: (Int) -> Data) -> Data {
        var header = Data()
        withUnsafeBytes(of: UInt32(width).bigEndian) { header.append(contentsOf: $0) }
        withUnsafeBytes(of: UInt32(height).bigEndian) { header.append(contentsOf: $0) }
        header.append(contentsOf: [bitDepth, colorType, 0, 0, 0])
        var raw = Data()
        for index in 0..<height {
            raw.append(0)
            raw.append(row(index))
        }
        return file(header: header, data: [zlibStored(raw)])
    }

    /// `data` as a zlib stream of stored (uncompressed) deflate blocks, with its Adler-32.
    static func zlibStored(_ data: Data) -> Data {
        var stream = Data([0x78, 0x01])
        var offset = data.startIndex
        repeat {
            let count = min(65_535, data.endIndex - offset)
            let isLast: UInt8 = offset + count == data.endIndex ? 1 : 0
            stream.append(contentsOf: [isLast, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)])
            stream.append(data[offset..<offset + count])
            offset += count
        } while offset < data.endIndex
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        withUnsafeBytes(of: (b << 16 | a).bigEndian) { stream.append(contentsOf: $0) }
        return stream
    }
}
