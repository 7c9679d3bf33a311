internal import CFonts

/// A WOFF 1.0 font unwrapped into the sfnt it holds: its tables inflated with zlib where they
/// are compressed, laid out after a table directory as an sfnt's are. Written here because no
/// installed library unwraps WOFF 1.0 (the woff2 library reads only WOFF2), and the format is
/// a directory of zlib streams.
enum WOFFDecoder {
    static func sfnt(from woff: [UInt8]) throws(FontProcessingFailure) -> [UInt8] {
        let entries: [WOFFHeader.Entry]
        do {
            entries = try WOFFHeader.read(woff).entries
        } catch {
            throw FontProcessingFailure(error.description)
        }
        try FontLibraries.require(FontLibraries.zlib)
        let count = entries.count
        let entrySelector = Int.bitWidth - 1 - count.leadingZeroBitCount
        let searchRange = (1 << entrySelector) * 16
        var header = bigEndian(woff.uint32(at: 4)) + bigEndian(UInt16(count)) + bigEndian(UInt16(searchRange))
        header += bigEndian(UInt16(entrySelector)) + bigEndian(UInt16(count * 16 - searchRange))
        var directory: [UInt8] = []
        var tables: [UInt8] = []
        let start = 12 + 16 * count
        for entry in entries {
            let stored = Array(woff[entry.offset..<entry.offset + entry.compressedLength])
            let table = entry.compressedLength == entry.originalLength ? stored : try inflate(stored, to: entry.originalLength, tag: entry.tag)
            directory += bigEndian(entry.tag) + bigEndian(entry.checksum) + bigEndian(UInt32(start + tables.count)) + bigEndian(UInt32(table.count))
            tables += table + [UInt8](repeating: 0, count: (4 - table.count % 4) % 4)
            guard start + tables.count <= FontFileStructure.largestFont else {
                throw FontProcessingFailure("the font it wraps is over the \(FontFileStructure.largestFont >> 20) MB the build takes of a font")
            }
        }
        return header + directory + tables
    }

    private static func inflate(_ stored: [UInt8], to length: Int, tag: UInt32) throws(FontProcessingFailure) -> [UInt8] {
        var table = [UInt8](repeating: 0, count: length)
        let status = stored.withUnsafeBufferPointer { source in
            table.withUnsafeMutableBufferPointer { cfonts_inflate(source.baseAddress, source.count, $0.baseAddress, $0.count) }
        }
        guard status == 0 else {
            throw FontProcessingFailure("its '\(FontFileStructure.tag(tag))' table does not inflate to the \(length) bytes its directory says: it is damaged")
        }
        return table
    }

    private static func bigEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        withUnsafeBytes(of: value.bigEndian) { Array($0) }
    }
}
