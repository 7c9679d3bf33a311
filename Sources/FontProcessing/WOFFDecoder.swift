internal import Zlib

/// A WOFF 1.0 font unwrapped into the sfnt it holds: its tables inflated with zlib where they
/// are compressed, laid out after a table directory as an sfnt's are. Written here because no
/// installed library unwraps WOFF 1.0 (the woff2 library reads only WOFF2), and the format is
/// a directory of zlib streams.
enum WOFFDecoder {
    /// The sfnt `woff` holds; throws, never traps, whatever its bytes: every number read from
    /// the file is checked before it is used as a place, a size or a 16- or 32-bit field.
    static func sfnt(from woff: [UInt8]) throws(FontProcessingFailure) -> [UInt8] {
        let entries: [WOFFHeader.Entry]
        do {
            entries = try WOFFHeader.read(woff).entries
        } catch {
            throw FontProcessingFailure(error.description)
        }
        let count = entries.count
        // WOFFHeader.read takes 1 to FontFileStructure.mostTables tables, so the sfnt header's
        // 16-bit fields hold these; checked again, as a failure rather than a trap.
        let entrySelector = Int.bitWidth - 1 - max(count, 1).leadingZeroBitCount
        let searchRange = (1 << entrySelector) * 16
        guard (1...FontFileStructure.mostTables).contains(count), let numTables = UInt16(exactly: count),
            let range = UInt16(exactly: searchRange), let shift = UInt16(exactly: count * 16 - searchRange)
        else {
            throw FontProcessingFailure("its table directory lists \(count) tables, more than the \(FontFileStructure.mostTables) the build takes")
        }
        var header = [UInt8].bigEndian(woff.uint32(at: 4)) + [UInt8].bigEndian(numTables) + [UInt8].bigEndian(range)
        header += [UInt8].bigEndian(UInt16(truncatingIfNeeded: entrySelector)) + [UInt8].bigEndian(shift)
        var directory: [UInt8] = []
        var tables: [UInt8] = []
        let start = 12 + 16 * count
        for entry in entries {
            guard FontFileStructure.liesInside(offset: entry.offset, length: entry.compressedLength, after: 0, fileSize: woff.count),
                entry.originalLength >= entry.compressedLength, entry.originalLength <= FontFileStructure.largestFont
            else {
                throw FontProcessingFailure("its '\(FontFileStructure.tag(entry.tag))' table lies outside the file or its lengths are damaged")
            }
            let stored = Array(woff[entry.offset..<entry.offset + entry.compressedLength])
            let table = entry.compressedLength == entry.originalLength ? stored : try inflate(stored, to: entry.originalLength, tag: entry.tag)
            guard let offset = UInt32(exactly: start + tables.count), let length = UInt32(exactly: table.count),
                start + tables.count + table.count <= FontFileStructure.largestFont
            else {
                throw FontProcessingFailure("the font it wraps is over the \(FontFileStructure.largestFont >> 20) MB the build takes of a font")
            }
            directory += [UInt8].bigEndian(entry.tag) + [UInt8].bigEndian(entry.checksum) + [UInt8].bigEndian(offset) + [UInt8].bigEndian(length)
            tables += table + [UInt8](repeating: 0, count: (4 - table.count % 4) % 4)
        }
        return header + directory + tables
    }

    private static func inflate(_ stored: [UInt8], to length: Int, tag: UInt32) throws(FontProcessingFailure) -> [UInt8] {
        let inflated: (bytes: [UInt8], consumed: Int)?
        do {
            inflated = try Zlib.inflate(stored, toExactly: length)
        } catch {
            throw FontProcessingFailure(error.description)
        }
        guard let table = inflated?.bytes else {
            throw FontProcessingFailure("its '\(FontFileStructure.tag(tag))' table does not inflate to the \(length) bytes its directory says: it is damaged")
        }
        return table
    }
}
