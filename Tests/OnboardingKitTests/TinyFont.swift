/// The smallest TrueType fonts a rule's example needs, with the tables every font has (cmap,
/// glyf, head, hhea, hmtx, loca, maxp) and those a browser's font sanitizer (OTS) asks for
/// besides (name, OS/2, post), laid out as the OpenType specification says, which a build
/// publishes. Made here so that no font file is copied into the repository.
enum TinyFont {
    /// One empty glyph, no character mapped.
    static let trueType = font(boxes: nil, empty: nil)
    /// A box for each printable ASCII character: a font that draws an English text.
    static let drawingASCII = font(boxes: 0x21...0x7E, empty: nil)
    /// A box for each ASCII letter (and the six signs between 'Z' and 'a'), no digit: as a Noto
    /// font for one script has its own digits and no Latin ones.
    static let drawingLetters = font(boxes: 0x41...0x7A, empty: nil)
    /// The same as ``drawingASCII``, but with an empty glyph for 'W': a text with a W is drawn with nothing.
    static let drawingNothing = font(boxes: 0x21...0x7E, empty: "W")

    /// ``drawingASCII`` made variable: an `axis` ('wght' unless said) from `minimum` to
    /// `maximum`, default `defaultWeight` (where the box is drawn), along which the box flattens
    /// onto the line y = 0, so that at `flatWeight` (`minimum` or `maximum`) every glyph draws
    /// nothing.
    /// With `region`, the variation applies over that intermediate region (start and end, in
    /// F2Dot14) rather than from the default to its peak.
    static func variable(
        axis: String = "wght", minimum: Int, defaultWeight: Int, maximum: Int, flatWeight: Int,
        region: (start: Int, end: Int)? = nil
    ) -> [UInt8] {
        func u16(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)] }
        func fixed(_ value: Int) -> [UInt8] { u16(value) + u16(0) }
        // 'fvar': one axis record of 20 bytes at byte 16, no named instance.
        let fvar =
            u16(1) + u16(0) + u16(16) + u16(2) + u16(1) + u16(20) + u16(0) + u16(8)
            + Array(axis.utf8) + fixed(minimum) + fixed(defaultWeight) + fixed(maximum) + u16(0) + u16(256)
        // Glyph 1's variation: one tuple whose peak (F2Dot14 1 or -1) is the axis's end at
        // `flatWeight`, applying to every point (shared point numbers, 0: all) of the box and
        // the four phantom points. No x moves; the two points at y = 700 move down by 700.
        let peak = flatWeight > defaultWeight ? 0x4000 : 0xC000
        let deltas = [0x87] + [0x47] + [0, -700, -700, 0, 0, 0, 0, 0].flatMap(u16)
        let serialized = [0] + deltas
        let tuple = region.map { u16(0xC000) + u16(peak) + u16($0.start) + u16($0.end) } ?? u16(0x8000) + u16(peak)
        let variation = u16(0x8000 | 1) + u16(4 + 4 + tuple.count - 2) + u16(deltas.count) + tuple + serialized
        let data = variation + (variation.count % 2 == 0 ? [] : [0])
        // Short offsets (halved) from the data's start for glyphs 0, 1, 2 and the end: only glyph 1 varies.
        let offsets = [0, 0, data.count, data.count].flatMap { u16($0 / 2) }
        let header = u16(1) + u16(0) + u16(1) + u16(0) + u16(0) + u16(20 + offsets.count) + u16(3) + u16(0) + u16(0) + u16(20 + offsets.count)
        return font(boxes: 0x21...0x7E, empty: nil, extraTables: [("fvar", fvar), ("gvar", header + offsets + data)])
    }

    /// 'name' (the family "Box", Regular, and 256 for the axis), 'OS/2' version 4 and 'post'
    /// version 3 (no glyph names), for the font's 1000 units to the em and its ASCII boxes.
    private static var browserTables: [(String, [UInt8])] {
        func u16(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)] }
        let names = [(1, "Box"), (2, "Regular"), (4, "Box"), (6, "Box"), (256, "Axis")]
        var strings: [UInt8] = []
        var records: [UInt8] = []
        for (id, text) in names {
            let utf16 = text.utf16.flatMap { u16(Int($0)) }
            records += u16(3) + u16(1) + u16(0x409) + u16(id) + u16(utf16.count) + u16(strings.count)
            strings += utf16
        }
        let name = u16(0) + u16(names.count) + u16(6 + records.count) + records + strings
        let os2 =
            u16(4) + u16(500) + u16(400) + u16(5) + u16(0) + [UInt8](repeating: 0, count: 20) + u16(0) + [UInt8](repeating: 0, count: 10)
            + [0, 0, 0, 1] + [UInt8](repeating: 0, count: 12) + Array("NONE".utf8) + u16(0x40) + u16(0x21) + u16(0x7E) + u16(800) + u16(-200)
            + u16(0) + u16(800) + u16(200) + [0, 0, 0, 1] + [UInt8](repeating: 0, count: 4) + u16(0) + u16(700) + u16(0) + u16(0x20) + u16(1)
        let post = u16(3) + u16(0) + [UInt8](repeating: 0, count: 4) + u16(-100) + u16(50) + [UInt8](repeating: 0, count: 20)
        return [("name", name), ("OS/2", os2), ("post", post)]
    }

    /// A font whose glyph 1, a box, draws the characters `boxes`, and whose glyph 2, empty,
    /// `empty` (in place of a box).
    private static func font(boxes: ClosedRange<Int>?, empty: Unicode.Scalar?, extraTables: [(String, [UInt8])] = []) -> [UInt8] {
        func u16(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)] }
        func u32(_ value: UInt32) -> [UInt8] { u16(Int(value >> 16)) + u16(Int(value & 0xFFFF)) }
        // A format 4 subtable: a segment for each character, in order (a segment's delta maps
        // a range to as many glyphs, and every box is one glyph), then the closing 0xFFFF one.
        let empties = empty.map { [Int($0.value)] } ?? []
        let characters = Set(boxes.map(Array.init) ?? []).union(empties).sorted()
        var segments = characters.map { (start: $0, end: $0, glyph: empties.contains($0) ? 2 : 1) }
        segments.append((0xFFFF, 0xFFFF, 0))
        let glyphs = boxes == nil && empty == nil ? 1 : 3
        let count = segments.count
        let range = 2 << (Int.bitWidth - 1 - count.leadingZeroBitCount)  // 2 x the largest power of two <= count
        let selector = Int.bitWidth - 1 - count.leadingZeroBitCount
        let subtable =
            u16(4) + u16(16 + 8 * count) + u16(0) + u16(2 * count) + u16(range) + u16(selector) + u16(2 * count - range)
            + segments.flatMap { u16($0.end) } + u16(0) + segments.flatMap { u16($0.start) }
            + segments.flatMap { u16($0.start == 0xFFFF ? 1 : $0.glyph - $0.start) } + segments.flatMap { _ in u16(0) }
        // The box: one contour of four points on the curve, each given as a 16-bit delta.
        let box =
            u16(1) + u16(50) + u16(0) + u16(450) + u16(700) + u16(3) + u16(0) + [1, 1, 1, 1]
            + u16(50) + u16(0) + u16(400) + u16(0) + u16(0) + u16(700) + u16(0) + u16(-700) + u16(0)
        let cmap = u16(0) + u16(1) + u16(3) + u16(1) + u32(12) + subtable
        let head =
            u32(0x0001_0000) + u32(0x0001_0000) + u32(0) + u32(0x5F0F_3CF5) + u16(0x000B) + u16(1000) + [UInt8](repeating: 0, count: 16)
            + [UInt8](repeating: 0, count: 8) + u16(0) + u16(8) + u16(2) + u16(0) + u16(0)
        let hhea =
            u32(0x0001_0000) + u16(800) + u16(-200) + u16(0) + u16(500) + u16(0) + u16(0) + u16(0) + u16(1) + u16(0) + u16(0)
            + [UInt8](repeating: 0, count: 8) + u16(0) + u16(glyphs)
        let hmtx = (0..<glyphs).flatMap { _ in u16(500) + u16(0) }
        // Short offsets (half the byte offset): glyph 1 is the box, every other glyph empty.
        let loca = (0...glyphs).flatMap { glyph in u16(glyph >= 2 && boxes != nil ? box.count / 2 : 0) }
        let points = boxes == nil ? (0, 0) : (4, 1)
        let maxp =
            u32(0x0001_0000) + u16(glyphs) + u16(points.0) + u16(points.1) + u16(0) + u16(0) + u16(2) + [UInt8](repeating: 0, count: 16)
        // HarfBuzz's subsetter takes a table of no bytes for a missing one, and copies no font
        // without its 'glyf': without the box, 'glyf' holds 4 bytes no glyph uses.
        var tables: [(String, [UInt8])] =
            [
                ("cmap", cmap), ("glyf", boxes == nil ? [0, 0, 0, 0] : box), ("head", head), ("hhea", hhea), ("hmtx", hmtx), ("loca", loca),
                ("maxp", maxp),
            ] + Self.browserTables + extraTables
        tables.sort { $0.0 < $1.0 }
        // The directory's binary search fields: the largest power of two <= the count, x 16.
        let tableSelector = Int.bitWidth - 1 - tables.count.leadingZeroBitCount
        var font = u32(0x0001_0000) + u16(tables.count) + u16(16 << tableSelector) + u16(tableSelector) + u16(tables.count * 16 - (16 << tableSelector))
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
