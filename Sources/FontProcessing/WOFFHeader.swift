/// The header and table directory of a WOFF 1.0 font (W3C, "WOFF File Format 1.0"): a 44-byte
/// header, then a 20-byte entry per table (tag, offset, compressed length, original length,
/// checksum); each table is zlib-compressed unless its two lengths are equal.
enum WOFFHeader {
    /// `wOFF`.
    static let signature: UInt32 = 0x774F_4646
    static let size = 44
    static let entrySize = 20

    /// One table as the directory places it.
    struct Entry: Equatable {
        var tag: UInt32
        var offset: Int
        var compressedLength: Int
        var originalLength: Int
        var checksum: UInt32
    }

    /// `.woff` when the header agrees with the file and the directory lies inside it and lists
    /// the tables a font needs.
    static func check(_ font: some FontBytes) throws(FontStructureProblem) -> FontFileFormat {
        let entries = try read(font).entries
        try FontFileStructure.checkTables(entries.map { FontFileStructure.tag($0.tag) })
        return .woff
    }

    /// The wrapped font's format and its tables, each checked to lie inside the file.
    static func read(_ font: some FontBytes) throws(FontStructureProblem) -> (format: FontFileFormat, entries: [Entry]) {
        guard let header = font.bytes(from: 0, count: size) else {
            throw FontStructureProblem("it ends inside its WOFF header (\(font.byteCount) bytes)")
        }
        let flavor = header.uint32(at: 4)
        guard let format = SFNTVersion.format(of: flavor) else {
            throw FontStructureProblem(
                flavor == SFNTVersion.collection
                    ? FileSniffing.collection : "the font its WOFF header wraps is no TrueType or OpenType font ('\(FontFileStructure.tag(flavor))')")
        }
        let length = Int(header.uint32(at: 8))
        guard length == font.byteCount else {
            throw FontStructureProblem("its WOFF header says it is \(length) bytes, and the file is \(font.byteCount): it is cut short or damaged")
        }
        let count = Int(header.uint16(at: 12))
        try FontFileStructure.checkTableCount(count)
        guard header.uint16(at: 14) == 0 else { throw FontStructureProblem("its WOFF header is damaged (its reserved field is not 0)") }
        guard Int(header.uint32(at: 16)) <= FontFileStructure.largestFont else {
            throw FontStructureProblem("the font it wraps is over the \(FontFileStructure.largestFont >> 20) MB the build takes of a font")
        }
        try checkBlock("metadata", offset: Int(header.uint32(at: 24)), length: Int(header.uint32(at: 28)), in: font)
        try checkBlock("private data", offset: Int(header.uint32(at: 36)), length: Int(header.uint32(at: 40)), in: font)
        let directoryEnd = size + count * entrySize
        guard let directory = font.bytes(from: size, count: count * entrySize) else {
            throw FontStructureProblem("its table directory (\(count) tables) runs past the end of the file (\(font.byteCount) bytes): it is cut short")
        }
        let entries = try (0..<count).map { index throws(FontStructureProblem) in
            let at = index * entrySize
            let entry = Entry(
                tag: directory.uint32(at: at), offset: Int(directory.uint32(at: at + 4)), compressedLength: Int(directory.uint32(at: at + 8)),
                originalLength: Int(directory.uint32(at: at + 12)), checksum: directory.uint32(at: at + 16))
            let tag = FontFileStructure.tag(entry.tag)
            // An empty table too: the decoder reads it at its offset.
            guard
                FontFileStructure.liesInside(offset: entry.offset, length: entry.compressedLength, after: directoryEnd, fileSize: font.byteCount)
            else {
                throw FontStructureProblem(
                    "its '\(tag)' table (\(entry.compressedLength) bytes at byte \(entry.offset)) lies outside the file (\(font.byteCount) bytes): it is cut short or damaged"
                )
            }
            guard entry.compressedLength <= entry.originalLength, entry.originalLength <= FontFileStructure.largestFont else {
                throw FontStructureProblem(
                    "its '\(tag)' table's lengths are damaged (\(entry.compressedLength) bytes compressed, \(entry.originalLength) unpacked)")
            }
            return entry
        }
        return (format, entries)
    }

    /// Refuses an optional block (metadata, private data) that does not lie inside the file.
    private static func checkBlock(_ name: String, offset: Int, length: Int, in font: some FontBytes) throws(FontStructureProblem) {
        guard offset != 0 || length != 0 else { return }
        guard FontFileStructure.liesInside(offset: offset, length: length, after: size, fileSize: font.byteCount) else {
            throw FontStructureProblem("its \(name) block (\(length) bytes at byte \(offset)) lies outside the file (\(font.byteCount) bytes)")
        }
    }
}
