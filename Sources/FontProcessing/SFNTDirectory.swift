/// The table directory of a bare TrueType or OpenType font (an sfnt): a 12-byte header, then a
/// 16-byte record per table (tag, checksum, offset, length).
enum SFNTDirectory {
    static let headerSize = 12
    static let recordSize = 16

    /// A table as the directory places it.
    struct Record: Equatable {
        var tag: UInt32
        var checksum: UInt32
        var offset: Int
        var length: Int
    }

    /// The font's format when its directory lies inside the file and lists the tables a font
    /// needs.
    static func check(_ font: some FontBytes) throws(FontStructureProblem) -> FontFileFormat {
        let records = try self.records(of: font)
        guard let header = font.bytes(from: 0, count: 4), let format = SFNTVersion.format(of: header.uint32(at: 0)) else {
            throw FontStructureProblem("its header is no TrueType or OpenType header")
        }
        try FontFileStructure.checkTables(records.map { FontFileStructure.tag($0.tag) })
        return format
    }

    /// The bytes of the table `tag` of the sfnt `sfnt`, `nil` when it has none: what the
    /// checks of one table read (a directory that is no directory is the font's damage).
    static func table(_ tag: String, of sfnt: [UInt8]) throws(FontProcessingFailure) -> [UInt8]? {
        let records: [Record]
        do {
            records = try Self.records(of: sfnt)
        } catch {
            throw FontProcessingFailure(error.description)
        }
        guard let record = records.first(where: { FontFileStructure.tag($0.tag) == tag }) else { return nil }
        return Array(sfnt[record.offset..<record.offset + record.length])
    }

    /// The records of the directory, each checked to lie inside the file after the directory.
    static func records(of font: some FontBytes) throws(FontStructureProblem) -> [Record] {
        guard let header = font.bytes(from: 0, count: headerSize) else {
            throw FontStructureProblem("it ends inside its header (\(font.byteCount) bytes)")
        }
        let count = Int(header.uint16(at: 4))
        try FontFileStructure.checkTableCount(count)
        let directoryEnd = headerSize + count * recordSize
        guard let directory = font.bytes(from: headerSize, count: count * recordSize) else {
            throw FontStructureProblem(
                "its table directory (\(count) tables, \(directoryEnd) bytes) runs past the end of the file (\(font.byteCount) bytes): it is cut short or is no font"
            )
        }
        return try (0..<count).map { index throws(FontStructureProblem) in
            let at = index * recordSize
            let record = Record(
                tag: directory.uint32(at: at), checksum: directory.uint32(at: at + 4), offset: Int(directory.uint32(at: at + 8)),
                length: Int(directory.uint32(at: at + 12)))
            // An empty table too: whoever reads the font later may take its offset as a place.
            guard FontFileStructure.liesInside(offset: record.offset, length: record.length, after: directoryEnd, fileSize: font.byteCount) else {
                throw FontStructureProblem(
                    "its '\(FontFileStructure.tag(record.tag))' table (\(record.length) bytes at byte \(record.offset)) lies outside the file (\(font.byteCount) bytes): it is cut short or damaged"
                )
            }
            return record
        }
    }
}
