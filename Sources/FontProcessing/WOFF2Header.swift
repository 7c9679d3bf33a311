/// The header and table directory of a WOFF 2.0 font (W3C, "WOFF File Format 2.0"): a 48-byte
/// header, then a variable-length entry per table (flags, an optional tag, lengths in
/// UIntBase128), then one Brotli stream holding every table.
enum WOFF2Header {
    /// `wOF2`.
    static let signature: UInt32 = 0x774F_4632
    static let size = 48

    /// The 63 tags a directory entry names by their index (the specification's table 1).
    static let knownTags = [
        "cmap", "head", "hhea", "hmtx", "maxp", "name", "OS/2", "post", "cvt ", "fpgm", "glyf", "loca", "prep", "CFF ", "VORG", "EBDT",
        "EBLC", "gasp", "hdmx", "kern", "LTSH", "PCLT", "VDMX", "vhea", "vmtx", "BASE", "GDEF", "GPOS", "GSUB", "EBSC", "JSTF", "MATH",
        "CBDT", "CBLC", "COLR", "CPAL", "SVG ", "sbix", "acnt", "avar", "bdat", "bloc", "bsln", "cvar", "fdsc", "feat", "fmtx", "fvar",
        "gvar", "hsty", "just", "lcar", "mort", "morx", "opbd", "prop", "trak", "Zapf", "Silf", "Glat", "Gloc", "Feat", "Sill",
    ]

    /// `.woff2` when the header agrees with the file, the directory reads whole inside it, and
    /// it lists the tables a font needs.
    static func check(_ font: some FontBytes) throws(FontStructureProblem) -> FontFileFormat {
        _ = try compressedTables(of: font)
        return .woff2
    }

    /// Where the one Brotli stream of the tables lies, and how many bytes it holds decompressed
    /// (the tables, transformed ones at their transformed length), once the header and the
    /// directory are checked as ``check(_:)`` does.
    static func compressedTables(of font: some FontBytes) throws(FontStructureProblem) -> (offset: Int, length: Int, decompressedLength: Int) {
        guard let header = font.bytes(from: 0, count: size) else {
            throw FontStructureProblem("it ends inside its WOFF2 header (\(font.byteCount) bytes)")
        }
        let flavor = header.uint32(at: 4)
        guard SFNTVersion.format(of: flavor) != nil else {
            throw FontStructureProblem(
                flavor == SFNTVersion.collection
                    ? FileSniffing.collection : "the font its WOFF2 header wraps is no TrueType or OpenType font ('\(FontFileStructure.tag(flavor))')")
        }
        let length = Int(header.uint32(at: 8))
        guard length == font.byteCount else {
            throw FontStructureProblem("its WOFF2 header says it is \(length) bytes, and the file is \(font.byteCount): it is cut short or damaged")
        }
        let count = Int(header.uint16(at: 12))
        try FontFileStructure.checkTableCount(count)
        guard header.uint16(at: 14) == 0 else { throw FontStructureProblem("its WOFF2 header is damaged (its reserved field is not 0)") }
        guard Int(header.uint32(at: 16)) <= FontFileStructure.largestFont else {
            throw FontStructureProblem("the font it wraps is over the \(FontFileStructure.largestFont >> 20) MB the build takes of a font")
        }
        let compressedSize = Int(header.uint32(at: 20))
        // An entry is 15 bytes at most: flags, a tag, two lengths of 5 bytes.
        guard let directory = font.bytes(from: size, count: min(count * 15, font.byteCount - size)) else {
            throw FontStructureProblem("its table directory cannot be read")
        }
        var reader = DirectoryReader(bytes: directory)
        var tags: [String] = []
        var decompressedLength = 0
        // The sfnt decoded: its header, its directory and each table padded to 4 bytes.
        var sfntLength = SFNTDirectory.headerSize + count * SFNTDirectory.recordSize
        for _ in 0..<count {
            guard let entry = reader.entry() else {
                throw FontStructureProblem("its table directory (\(count) tables) is damaged or runs past the end of the file (\(font.byteCount) bytes)")
            }
            guard entry.originalLength <= FontFileStructure.largestFont else {
                throw FontStructureProblem("its '\(entry.tag)' table is over the \(FontFileStructure.largestFont >> 20) MB the build takes of a font")
            }
            tags.append(entry.tag)
            // Each is at most 2^32 bytes, and there are at most FontFileStructure.mostTables.
            decompressedLength += entry.storedLength
            sfntLength += (entry.originalLength + 3) & ~3
        }
        // The woff2 decoder writes the sfnt into totalSfntSize bytes, and fails when it does not fit.
        let totalSfntSize = Int(header.uint32(at: 16))
        guard totalSfntSize >= sfntLength else {
            throw FontStructureProblem(
                "its WOFF2 header's totalSfntSize (\(totalSfntSize) bytes) is less than the \(sfntLength) bytes its table directory says the font is decoded: it is damaged"
            )
        }
        let directoryEnd = size + reader.offset
        guard compressedSize > 0, compressedSize <= font.byteCount - directoryEnd else {
            throw FontStructureProblem(
                "its compressed tables (\(compressedSize) bytes after byte \(directoryEnd)) lie outside the file (\(font.byteCount) bytes): it is cut short or damaged"
            )
        }
        try checkBlock("metadata", offset: Int(header.uint32(at: 28)), length: Int(header.uint32(at: 32)), after: directoryEnd, in: font)
        try checkBlock("private data", offset: Int(header.uint32(at: 40)), length: Int(header.uint32(at: 44)), after: directoryEnd, in: font)
        try FontFileStructure.checkTables(tags)
        return (directoryEnd, compressedSize, decompressedLength)
    }

    private static func checkBlock(_ name: String, offset: Int, length: Int, after start: Int, in font: some FontBytes) throws(FontStructureProblem) {
        guard offset != 0 || length != 0 else { return }
        guard FontFileStructure.liesInside(offset: offset, length: length, after: start, fileSize: font.byteCount) else {
            throw FontStructureProblem("its \(name) block (\(length) bytes at byte \(offset)) lies outside the file (\(font.byteCount) bytes)")
        }
    }

    /// Reads the directory's entries one after the other.
    struct DirectoryReader {
        let bytes: [UInt8]
        var offset = 0

        struct Entry {
            var tag: String
            var originalLength: Int
            /// Its length in the Brotli stream: its transformed length when it is transformed.
            var storedLength: Int
        }

        /// The next entry, or `nil` when it is damaged or not all there.
        mutating func entry() -> Entry? {
            guard let flags = byte() else { return nil }
            let tag: String
            if flags & 0x3F == 0x3F {
                guard offset <= bytes.count - 4 else { return nil }
                tag = FontFileStructure.tag(bytes.uint32(at: offset))
                offset += 4
            } else {
                tag = WOFF2Header.knownTags[Int(flags & 0x3F)]
            }
            guard let originalLength = base128() else { return nil }
            // glyf and loca are transformed unless their version is 3 (the null transform);
            // every other table is transformed unless its version is 0.
            let version = flags >> 6
            let transformed = tag == "glyf" || tag == "loca" ? version == 0 : version != 0
            if (tag == "glyf" || tag == "loca") && (version == 1 || version == 2) { return nil }
            var storedLength = originalLength
            if transformed {
                guard let transformLength = base128() else { return nil }
                storedLength = transformLength
            }
            return Entry(tag: tag, originalLength: originalLength, storedLength: storedLength)
        }

        private mutating func byte() -> UInt8? {
            guard offset < bytes.count else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        /// A UIntBase128: at most 5 bytes, no leading zero, no more than 32 bits.
        private mutating func base128() -> Int? {
            var value: UInt32 = 0
            for index in 0..<5 {
                guard let byte = byte(), !(index == 0 && byte == 0x80), value & 0xFE00_0000 == 0 else { return nil }
                value = value << 7 | UInt32(byte & 0x7F)
                if byte & 0x80 == 0 { return Int(value) }
            }
            return nil
        }
    }
}
