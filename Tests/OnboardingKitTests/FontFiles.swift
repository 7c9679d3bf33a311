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
