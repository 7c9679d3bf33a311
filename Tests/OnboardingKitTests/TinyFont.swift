/// The smallest TrueType font a rule's example needs: one empty glyph, no character mapped,
/// and the tables every font has (cmap, glyf, head, hhea, hmtx, loca, maxp), laid out as the
/// OpenType specification says, which a build publishes. Made here so that no font file is copied into the repository.
enum TinyFont {
    static let trueType = font(mapping: nil)
    /// The same font with a second glyph, as empty, for 'W': a text with a W is drawn with nothing.
    static let drawingNothing = font(mapping: "W")

    private static func font(mapping character: Unicode.Scalar?) -> [UInt8] {
        func u16(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)] }
        func u32(_ value: UInt32) -> [UInt8] { u16(Int(value >> 16)) + u16(Int(value & 0xFFFF)) }
        // A format 4 subtable with the closing 0xFFFF segment, after one for `character` (to
        // glyph 1) when given.
        let glyphs = character == nil ? 1 : 2
        let segments: [(start: Int, delta: Int)] = (character.map { [(Int($0.value), 1 - Int($0.value))] } ?? []) + [(0xFFFF, 1)]
        let (count, range) = (segments.count, segments.count == 1 ? 2 : 4)
        let subtable =
            u16(4) + u16(16 + 8 * count) + u16(0) + u16(2 * count) + u16(range) + u16(range == 2 ? 0 : 1) + u16(2 * count - range)
            + segments.flatMap { u16($0.start) } + u16(0) + segments.flatMap { u16($0.start) } + segments.flatMap { u16($0.delta) }
            + segments.flatMap { _ in u16(0) }
        let cmap = u16(0) + u16(1) + u16(3) + u16(1) + u32(12) + subtable
        let head =
            u32(0x0001_0000) + u32(0x0001_0000) + u32(0) + u32(0x5F0F_3CF5) + u16(0x000B) + u16(1000) + [UInt8](repeating: 0, count: 16)
            + [UInt8](repeating: 0, count: 8) + u16(0) + u16(8) + u16(2) + u16(0) + u16(0)
        let hhea =
            u32(0x0001_0000) + u16(800) + u16(-200) + u16(0) + u16(500) + u16(0) + u16(0) + u16(0) + u16(1) + u16(0) + u16(0)
            + [UInt8](repeating: 0, count: 8) + u16(0) + u16(glyphs)
        let hmtx = (0..<glyphs).flatMap { _ in u16(500) + u16(0) }
        let loca = (0...glyphs).flatMap { _ in u16(0) }
        let maxp = u32(0x0001_0000) + u16(glyphs) + u16(0) + u16(0) + u16(0) + u16(0) + u16(2) + [UInt8](repeating: 0, count: 16)
        // HarfBuzz's subsetter takes a table of no bytes for a missing one, and copies no font
        // without its 'glyf': the glyphs are empty by 'loca', and 'glyf' holds 4 bytes none uses.
        let tables: [(String, [UInt8])] = [
            ("cmap", cmap), ("glyf", [0, 0, 0, 0]), ("head", head), ("hhea", hhea), ("hmtx", hmtx), ("loca", loca), ("maxp", maxp),
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
    }
}
