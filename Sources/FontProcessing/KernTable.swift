/// The legacy `kern` table, which a font published whole carries as it is (HarfBuzz's subsetter
/// cannot subset it, and HarfBuzz's shaper, browsers' with it, kerns with it when the font has
/// no GPOS kerning). Copied as it is, it is checked first: kerning pairs (format 0 subtables,
/// OpenType's or Apple's, the only format of every `kern` in Debian's fonts) that fill the
/// table exactly, and no more than ``largest`` bytes. Anything else in it, a text appended, a
/// subtable format no browser needs or megabytes of it, would be published unread.
enum KernTable {
    /// 1 MB: the largest `kern` of Debian's fonts is DejaVu Sans ExtraLight's, 187 KB (four
    /// subtables of some 10,000 pairs; DejaVu Sans's is 16 KB), and a format 0 subtable holds
    /// at most 65,535 pairs (384 KB).
    static let largest = 1 << 20

    /// Refuses the font's `kern` table (when it has one) when it is over ``largest`` or holds
    /// anything but kerning pairs.
    static func check(in sfnt: [UInt8]) throws(FontProcessingFailure) {
        let records: [SFNTDirectory.Record]
        do {
            records = try SFNTDirectory.records(of: sfnt)
        } catch {
            throw FontProcessingFailure(error.description)
        }
        guard let record = records.first(where: { FontFileStructure.tag($0.tag) == "kern" }) else { return }
        guard record.length <= largest else {
            throw FontProcessingFailure(
                "its 'kern' table, which a font published whole carries as it is, is \(record.length / 1024) KB, more than the \(largest >> 20) MB the build publishes of it (the largest of real fonts are some 200 KB)",
                isRefusal: true)
        }
        let table = Array(sfnt[record.offset..<record.offset + record.length])
        guard let end = pairsEnd(of: table) else {
            throw FontProcessingFailure(
                "its 'kern' table, which a font published whole carries as it is, holds other than kerning pairs (format 0 subtables), or is damaged",
                isRefusal: true)
        }
        // A table's length may count the zeros that pad it to 4 bytes.
        guard table[end...].count < 4 && table[end...].allSatisfy({ $0 == 0 }) else {
            throw FontProcessingFailure(
                "its 'kern' table, which a font published whole carries as it is, holds \(table.count - end) bytes after its kerning pairs, which no browser reads",
                isRefusal: true)
        }
    }

    /// Where the last subtable of `table` ends, when every subtable is a format 0 one that lies
    /// inside it; `nil` otherwise.
    static func pairsEnd(of table: [UInt8]) -> Int? {
        guard table.count >= 4 else { return nil }
        // OpenType's header: version 0 and a 16-bit count; Apple's: version 1.0 and a 32-bit count.
        let isApple = table.uint16(at: 0) == 1
        guard isApple || table.uint16(at: 0) == 0, !isApple || (table.count >= 8 && table.uint16(at: 2) == 0) else { return nil }
        let count = isApple ? Int(table.uint32(at: 4)) : Int(table.uint16(at: 2))
        var offset = isApple ? 8 : 4
        let headerSize = isApple ? 8 : 6
        for _ in 0..<count {
            guard offset <= table.count - headerSize - 8 else { return nil }
            let format = isApple ? table[offset + 5] : table[offset + 4]
            // An OpenType subtable of another version than 0: HarfBuzz (the checks, WebKit)
            // kerns with it, OTS (Chromium, Firefox) skips it with a warning alone.
            guard format == 0, isApple || table.uint16(at: offset) == 0 else { return nil }
            let pairs = Int(table.uint16(at: offset + headerSize))
            let length = headerSize + 8 + 6 * pairs
            // OpenType's length field is 16 bits: a subtable of over 10,920 pairs overflows it.
            let declared = isApple ? Int(table.uint32(at: offset)) : Int(table.uint16(at: offset + 2))
            guard declared == (isApple ? length : length & 0xFFFF), length <= table.count - offset else { return nil }
            offset += length
        }
        return offset
    }
}
