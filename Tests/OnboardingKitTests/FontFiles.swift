import Testing

@testable import FontProcessing

/// A real font in the other formats the fonts folder takes.
enum WOFFFile {
    /// `sfnt` wrapped as WOFF 1.0, its tables stored as they are (which the format allows);
    /// `emptyTables` (tag and offset) are listed after them, 0 bytes long.
    static func wrapping(_ sfnt: [UInt8], emptyTables: [(tag: String, offset: Int)] = []) throws -> [UInt8] {
        func u16(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)] }
        func u32(_ value: Int) -> [UInt8] { u16(value >> 16) + u16(value & 0xFFFF) }
        let records = try SFNTDirectory.records(of: sfnt)
        let count = records.count + emptyTables.count
        var directory: [UInt8] = []
        var data: [UInt8] = []
        for record in records {
            let offset = 44 + 20 * count + data.count
            directory += u32(Int(record.tag)) + u32(offset) + u32(record.length) + u32(record.length) + u32(Int(record.checksum))
            data += Array(sfnt[record.offset..<record.offset + record.length]) + [UInt8](repeating: 0, count: (4 - record.length % 4) % 4)
        }
        for (tag, offset) in emptyTables { directory += Array(tag.utf8) + u32(offset) + u32(0) + u32(0) + u32(0) }
        let header =
            Array("wOFF".utf8) + Array(sfnt[0..<4]) + u32(44 + directory.count + data.count) + u16(count) + u16(0) + u32(sfnt.count)
            + u16(1) + u16(0) + [UInt8](repeating: 0, count: 20)
        return header + directory + data
    }
}

enum WOFF2File {
    /// `sfnt` compressed by the woff2 library.
    static func encoding(_ sfnt: [UInt8]) throws -> [UInt8] {
        try WOFF2Codec.encode(sfnt)
    }
}

enum SFNTTables {
    /// Where the table `tag` starts in an sfnt.
    static func offset(of tag: String, in font: [UInt8]) -> Int? {
        (try? SFNTDirectory.records(of: font))?.first { FontFileStructure.tag($0.tag) == tag }?.offset
    }
}

/// An sfnt rebuilt from another's tables, some replaced or added.
enum SFNTFile {
    /// `sfnt` with each table of `tables` (by tag) in place of its own or added, the tables
    /// sorted by tag, 4-byte aligned, with their checksums.
    static func rebuilding(_ sfnt: [UInt8], with tables: [String: [UInt8]], without removed: Set<String> = []) throws -> [UInt8] {
        func u16(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)] }
        func u32(_ value: UInt32) -> [UInt8] { u16(Int(value >> 16)) + u16(Int(value & 0xFFFF)) }
        var all: [String: [UInt8]] = [:]
        for record in try SFNTDirectory.records(of: sfnt) {
            all[FontFileStructure.tag(record.tag)] = Array(sfnt[record.offset..<record.offset + record.length])
        }
        all.merge(tables) { _, new in new }
        for tag in removed { all[tag] = nil }
        let selector = Int.bitWidth - 1 - all.count.leadingZeroBitCount
        var font = Array(sfnt[0..<4]) + u16(all.count) + u16(16 << selector) + u16(selector) + u16(all.count * 16 - (16 << selector))
        var data: [UInt8] = []
        for (tag, bytes) in all.sorted(by: { $0.key < $1.key }) {
            let padded = bytes + [UInt8](repeating: 0, count: (4 - bytes.count % 4) % 4)
            var checksum: UInt32 = 0
            for at in stride(from: 0, to: padded.count, by: 4) {
                let word = padded[at..<at + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                checksum &+= word
            }
            font += Array(tag.utf8) + u32(checksum) + u32(UInt32(12 + 16 * all.count + data.count)) + u32(UInt32(bytes.count))
            data += padded
        }
        return font + data
    }

    /// The bytes of the table `tag` of `sfnt`.
    static func table(_ tag: String, of sfnt: [UInt8]) throws -> [UInt8] {
        let record = try #require(try SFNTDirectory.records(of: sfnt).first { FontFileStructure.tag($0.tag) == tag })
        return Array(sfnt[record.offset..<record.offset + record.length])
    }

    /// An 'sbix' table of one 64 ppem strike giving each of `glyphCount` glyphs the PNG `png`.
    static func sbixTable(glyphCount: Int, png: [UInt8]) -> [UInt8] {
        func u16(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)] }
        func u32(_ value: Int) -> [UInt8] { u16(value >> 16) + u16(value & 0xFFFF) }
        let glyph = u16(0) + u16(0) + Array("png ".utf8) + png
        let dataStart = 4 + 4 * (glyphCount + 1)
        let offsets = (0...glyphCount).flatMap { u32(dataStart + $0 * glyph.count) }
        let strike = u16(64) + u16(72) + offsets + (0..<glyphCount).flatMap { _ in glyph }
        return u16(1) + u16(1) + u32(1) + u32(12) + strike
    }

    /// A 64 × 64 PNG's chunks as HarfBuzz reads them (its header), with a text chunk `comment`
    /// (checksums left 0: nothing here checks them).
    static func png(comment: String) -> [UInt8] {
        func u32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] { u32(data.count) + Array(type.utf8) + data + u32(0) }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", u32(64) + u32(64) + [8, 6, 0, 0, 0])
            + chunk("tEXt", Array("Comment".utf8) + [0] + Array(comment.utf8)) + chunk("IEND", [])
    }

    /// A 'name' table (format 0) of Windows Unicode records in US English, by name id.
    static func nameTable(_ names: [Int: String]) -> [UInt8] {
        func u16(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)] }
        var records: [UInt8] = []
        var strings: [UInt8] = []
        for (id, text) in names.sorted(by: { $0.key < $1.key }) {
            let encoded = text.utf16.flatMap { u16(Int($0)) }
            records += u16(3) + u16(1) + u16(0x409) + u16(id) + u16(encoded.count) + u16(strings.count)
            strings += encoded
        }
        return u16(0) + u16(names.count) + u16(6 + records.count) + records + strings
    }
}
