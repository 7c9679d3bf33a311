/// The smallest TrueType font a rule's example needs: one empty glyph, no character mapped,
/// and the tables every font has (cmap, glyf, head, hhea, hmtx, loca, maxp), laid out as the
/// OpenType specification says. Made here so that no font file is copied into the repository.
enum TinyFont {
    static let trueType: [UInt8] = {
        func u16(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)] }
        func u32(_ value: UInt32) -> [UInt8] { u16(Int(value >> 16)) + u16(Int(value & 0xFFFF)) }
        // A format 4 subtable with only the closing 0xFFFF segment: no character mapped.
        let cmap =
            u16(0) + u16(1) + u16(3) + u16(1) + u32(12) + u16(4) + u16(24) + u16(0) + u16(2) + u16(2) + u16(0) + u16(0)
            + u16(0xFFFF) + u16(0) + u16(0xFFFF) + u16(1) + u16(0)
        let head =
            u32(0x0001_0000) + u32(0x0001_0000) + u32(0) + u32(0x5F0F_3CF5) + u16(0x000B) + u16(1000) + [UInt8](repeating: 0, count: 16)
            + [UInt8](repeating: 0, count: 8) + u16(0) + u16(8) + u16(2) + u16(0) + u16(0)
        let hhea =
            u32(0x0001_0000) + u16(800) + u16(-200) + u16(0) + u16(500) + u16(0) + u16(0) + u16(0) + u16(1) + u16(0) + u16(0)
            + [UInt8](repeating: 0, count: 8) + u16(0) + u16(1)
        let hmtx = u16(500) + u16(0)
        let loca = u16(0) + u16(0)
        let maxp = u32(0x0001_0000) + u16(1) + u16(0) + u16(0) + u16(0) + u16(0) + u16(2) + [UInt8](repeating: 0, count: 16)
        let tables: [(String, [UInt8])] = [
            ("cmap", cmap), ("glyf", []), ("head", head), ("hhea", hhea), ("hmtx", hmtx), ("loca", loca), ("maxp", maxp),
        ]
        var font = u32(0x0001_0000) + u16(tables.count) + u16(64) + u16(2) + u16(tables.count * 16 - 64)
        var offset = 12 + 16 * tables.count
        var data: [UInt8] = []
        for (tag, bytes) in tables {
            let checksum = stride(from: 0, to: bytes.count, by: 4).reduce(UInt32(0)) { sum, at in
                let word = (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(at + $1 < bytes.count ? bytes[at + $1] : 0) }
                return sum &+ word
            }
            font += Array(tag.utf8) + u32(checksum) + u32(UInt32(offset)) + u32(UInt32(bytes.count))
            let padded = bytes + [UInt8](repeating: 0, count: (4 - bytes.count % 4) % 4)
            data += padded
            offset += padded.count
        }
        return font + data
    }()
}
