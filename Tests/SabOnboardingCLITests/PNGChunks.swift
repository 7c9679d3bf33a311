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
}
