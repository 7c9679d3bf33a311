/// The `name` table of a published font, cut down to the names it may carry: the copyright,
/// family, style, full name, version and PostScript name (0, 1, 2, 4, 5, 6) and the licence's
/// description and address (13, 14), which the SIL Open Font License asks a copy to carry.
///
/// HarfBuzz's subsetter is told to keep only these, but it keeps besides every name another
/// table points to: STAT's and fvar's, which may point to any name, the unique id (3, which
/// font tools fill with the maker's machine or account) and the designer's notes among them.
/// So the table it writes is filtered again here, by hand: no library rewrites one. A table
/// of format 1 loses its language tags and the records that use them (HarfBuzz keeps English
/// names alone).
enum NameTable {
    static let tag = "name"

    /// The names a published font carries.
    static let publishedIDs: Set<Int> = [0, 1, 2, 4, 5, 6, 13, 14]

    /// `table` with the records of ``publishedIDs`` alone, as a format 0 table; `nil` when it
    /// is no name table (too short, or its records lie outside it), or when what is kept would
    /// not fit in one (over 5,460 records or 64 KB of strings).
    static func publishedNames(of table: [UInt8]) -> [UInt8]? {
        guard table.count >= 6, table.uint16(at: 0) <= 1 else { return nil }
        let count = Int(table.uint16(at: 2))
        let storage = Int(table.uint16(at: 4))
        guard 6 + 12 * count <= table.count else { return nil }
        var records: [UInt8] = []
        var strings: [UInt8] = []
        var kept = 0
        for index in 0..<count {
            let at = 6 + 12 * index
            let (language, nameID) = (table.uint16(at: at + 4), Int(table.uint16(at: at + 6)))
            let (length, offset) = (Int(table.uint16(at: at + 8)), Int(table.uint16(at: at + 10)))
            guard publishedIDs.contains(nameID), language < 0x8000 else { continue }
            // Every number written is 16 bits: the strings' offsets and the storage's, after the records.
            guard storage + offset + length <= table.count, strings.count + length <= 0xFFFF, 6 + 12 * (kept + 1) <= 0xFFFF
            else { return nil }
            records += Array(table[at..<at + 8]) + bigEndian(length) + bigEndian(strings.count)
            strings += table[(storage + offset)..<(storage + offset + length)]
            kept += 1
        }
        return bigEndian(0) + bigEndian(kept) + bigEndian(6 + 12 * kept) + records + strings
    }

    /// The sfnt `sfnt` (as HarfBuzz's subsetter wrote it) with its name table cut down to
    /// ``publishedIDs``; as it is when it has no name table.
    static func publishedNames(in sfnt: [UInt8]) throws(FontProcessingFailure) -> [UInt8] {
        let records: [SFNTDirectory.Record]
        do {
            records = try SFNTDirectory.records(of: sfnt)
        } catch {
            throw FontProcessingFailure("HarfBuzz's subsetter wrote a font that cannot be read: \(error.description)")
        }
        guard let record = records.first(where: { FontFileStructure.tag($0.tag) == tag }) else { return sfnt }
        guard let names = publishedNames(of: Array(sfnt[record.offset..<record.offset + record.length])) else {
            throw FontProcessingFailure("HarfBuzz's subsetter wrote a 'name' table that cannot be read")
        }
        return try HarfBuzzFont(sfnt: sfnt).sfnt(replacing: tag, with: names)
    }

    /// A name table's numbers are 16 bits: every one written here was checked to fit.
    private static func bigEndian(_ value: Int) -> [UInt8] {
        .bigEndian(UInt16(value))
    }
}
