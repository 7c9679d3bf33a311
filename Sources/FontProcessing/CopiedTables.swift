/// The tables HarfBuzz 6's subsetter writes as the source font has them, byte for byte: `gasp`
/// and the variation tables `fvar`, `avar` and `MVAR` it copies whole (unread: a table of any
/// bytes under one of these tags was published), and `head`, `hhea` and `vhea`, which it
/// copies whole and then sets a few fields of. Whatever a source carried in them past what
/// their readers read (a text appended, a gap between two parts) went out in every font the
/// build made of it.
///
/// So they are read here, by hand (no library reads them for a writer's purpose): the source's
/// are checked to be whole (a part lying past a table's end is the `font-not-a-font` of lint and
/// the build), and the published font's are cut after their last part, their gaps zeroed. Their
/// values stay the font's: an axis's range or a metric's deltas are data a browser reads.
enum CopiedTables {
    /// The tags of the tables HarfBuzz's subsetter copies.
    static let tags = ["head", "hhea", "vhea", "gasp", "fvar", "avar", "MVAR"]

    /// Why the table `tag` is not whole, or the byte ranges its readers read, in order of where
    /// they start, none overlapping another (parts may be shared: 65,535 delta sets of an
    /// `MVAR` may point to one, each copied over the whole of it in turn). Of an `avar` of version 2, the parts of version 1 (the axes' maps): it is
    /// published as version 1.0, without the second store of deltas version 2 adds, which
    /// browsers have read since 2023 only and which the build would publish unread.
    static func readParts(of tag: String, in table: [UInt8]) -> Result<TableParts, TableDamage> {
        var reader = PartReader(table: table)
        switch tag {
        case "head": readFontHeader(&reader)
        case "hhea", "vhea": reader.read(0, 36, "its header")
        case "gasp":
            reader.read(0, 4, "its header")
            if let count = reader.uint16(at: 2) { reader.read(4, 4 * count, "its \(count) ranges") }
        case "fvar": readFontVariations(&reader)
        case "avar": readAxisVariations(&reader)
        case "MVAR": readMetricsVariations(&reader)
        default: return .success(TableParts(parts: [0..<table.count], length: table.count))
        }
        if let damage = reader.damage { return .failure(damage) }
        let parts = merged(reader.parts)
        return .success(TableParts(parts: parts, length: max(reader.length, parts.last?.upperBound ?? 0)))
    }

    /// `parts` in order of where they start, those that overlap or touch made one.
    static func merged(_ parts: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for part in parts.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, part.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, part.upperBound)
            } else {
                result.append(part)
            }
        }
        return result
    }

    /// Throws when a table of ``tags`` in the sfnt `source` is not whole: HarfBuzz would copy
    /// it as it is, and a browser's font sanitiser refuses such a table.
    static func check(_ source: [UInt8]) throws(FontProcessingFailure) {
        let tables = try tables(of: source)
        for (tag, table) in tables {
            if case .failure(let damage) = readParts(of: tag, in: table) {
                throw FontProcessingFailure("its '\(tag)' table is damaged: \(damage.description)")
            }
        }
        // An 'avar' maps each axis of the 'fvar' in turn: with another count of maps, HarfBuzz
        // and Chromium map the axes they find while FreeType (WebKit) maps none.
        let tablesByTag = Dictionary(tables.map { ($0.0, $0.1) }, uniquingKeysWith: { first, _ in first })
        if let fvar = tablesByTag["fvar"], let avar = tablesByTag["avar"], fvar.count >= 10, avar.count >= 8,
            fvar.uint16(at: 8) != avar.uint16(at: 6)
        {
            throw FontProcessingFailure(
                "its 'avar' table is damaged: it maps \(avar.uint16(at: 6)) axes, and its 'fvar' has \(fvar.uint16(at: 8))")
        }
    }

    /// The sfnt `sfnt`, as HarfBuzz's subsetter wrote it, with each table of ``tags`` holding
    /// what its readers read alone: cut after its last part, with zeros between its parts.
    static func published(in sfnt: [UInt8]) throws(FontProcessingFailure) -> [UInt8] {
        var font = sfnt
        for (tag, table) in try tables(of: sfnt) {
            let read: TableParts
            switch readParts(of: tag, in: table) {
            case .success(let parts): read = parts
            case .failure(let damage):
                throw FontProcessingFailure("HarfBuzz's subsetter wrote a '\(tag)' table that is damaged: \(damage.description)")
            }
            var kept = [UInt8](repeating: 0, count: read.length)
            for part in read.parts { kept.replaceSubrange(part, with: table[part]) }
            if tag == "avar", kept.count >= 4, kept.uint16(at: 0) != 1 { kept.replaceSubrange(0..<4, with: [0, 1, 0, 0]) }
            if kept != table { font = try HarfBuzzFont(sfnt: font).sfnt(replacing: tag, with: kept) }
        }
        return try withSharedTuplesOffset(in: font)
    }

    /// `sfnt` with its 'gvar' pointing to where its shared tuples would be when it has none:
    /// HarfBuzz 6's subsetter writes their offset as 0 then, inside the table's header, and
    /// Chromium draws such a font at its default instance alone (its variations ignored),
    /// while WebKit and HarfBuzz, which the checks draw with, apply them. The offset is set to
    /// the end of the glyphs' offsets, where the source's tools put the (empty) array.
    static func withSharedTuplesOffset(in sfnt: [UInt8]) throws(FontProcessingFailure) -> [UInt8] {
        guard var table = try SFNTDirectory.table("gvar", of: sfnt), table.count >= 20 else { return sfnt }
        guard table.uint16(at: 6) == 0, table.uint32(at: 8) == 0 else { return sfnt }
        let offsetsEnd = 20 + (Int(table.uint16(at: 12)) + 1) * (table.uint16(at: 14) & 1 == 1 ? 4 : 2)
        guard offsetsEnd <= table.count else { return sfnt }
        table.replaceSubrange(8..<12, with: (0..<4).map { UInt8(truncatingIfNeeded: offsetsEnd >> (24 - 8 * $0)) })
        return try HarfBuzzFont(sfnt: sfnt).sfnt(replacing: "gvar", with: table)
    }

    /// The tables of ``tags`` the sfnt holds, with their tags.
    private static func tables(of sfnt: [UInt8]) throws(FontProcessingFailure) -> [(String, [UInt8])] {
        let records: [SFNTDirectory.Record]
        do {
            records = try SFNTDirectory.records(of: sfnt)
        } catch {
            throw FontProcessingFailure(error.description)
        }
        return records.compactMap { record in
            let tag = FontFileStructure.tag(record.tag)
            return tags.contains(tag) ? (tag, Array(sfnt[record.offset..<record.offset + record.length])) : nil
        }
    }

    /// `head`: its header, whose units to the em must be what browsers take: Chromium's font
    /// sanitiser refuses the font otherwise (and draws the text with another), while HarfBuzz
    /// measures it at 1000 units, so the checks would see another font than browsers.
    private static func readFontHeader(_ reader: inout PartReader) {
        reader.read(0, 54, "its header")
        guard let unitsPerEm = reader.uint16(at: 18) else { return }
        guard (16...16384).contains(unitsPerEm) else {
            return reader.fail("it gives \(unitsPerEm) units to the em, outside the 16 to 16384 browsers take")
        }
    }

    /// `fvar`: a header, then axes and instances of the sizes it gives, of which readers read
    /// 20 bytes an axis and 4 (6 with its PostScript name) and 4 an axis an instance. Each
    /// instance keeps its size (its bytes past what is read zeroed): a reader takes the table
    /// only whole. An axis whose default lies outside its range, or whose tag another axis
    /// has, is damage: HarfBuzz mends the one and sets both axes of a tag, while Chromium's
    /// sanitiser drops the font's variations and Chromium sets one axis of a tag, so the
    /// checks, which draw with HarfBuzz, would not see the font browsers draw.
    private static func readFontVariations(_ reader: inout PartReader) {
        reader.read(0, 16, "its header")
        guard let axes = reader.uint16(at: 4), let axisCount = reader.uint16(at: 8), let axisSize = reader.uint16(at: 10),
            let instanceCount = reader.uint16(at: 12), let instanceSize = reader.uint16(at: 14)
        else { return }
        let coordinates = 4 + 4 * axisCount
        guard axisSize >= 20 else { return reader.fail("it gives its axes \(axisSize) bytes each, fewer than an axis's 20") }
        guard instanceSize >= coordinates else {
            return reader.fail("it gives its instances \(instanceSize) bytes each, fewer than the \(coordinates) of an instance of \(axisCount) axes")
        }
        var tags: [Int: Int] = [:]
        for axis in 0..<axisCount {
            let record = axes + axis * axisSize
            reader.read(record, 20, "axis \(axis + 1)")
            guard let tag = reader.uint32(at: record), let minimum = reader.fixed(at: record + 4), let defaultValue = reader.fixed(at: record + 8),
                let maximum = reader.fixed(at: record + 12)
            else { return }
            let name = FontFileStructure.tag(UInt32(tag))
            guard minimum <= defaultValue, defaultValue <= maximum else {
                return reader.fail(
                    "axis \(axis + 1) ('\(name)') has its default \(BrowserInstance.text(of: defaultValue)) outside its range \(BrowserInstance.text(of: minimum)) to \(BrowserInstance.text(of: maximum))"
                )
            }
            if let first = tags[tag] { return reader.fail("axes \(first + 1) and \(axis + 1) are both '\(name)'") }
            tags[tag] = axis
        }
        let instances = axes + axisCount * axisSize
        for instance in 0..<instanceCount {
            reader.read(instances + instance * instanceSize, min(instanceSize, coordinates + 2), "instance \(instance + 1)")
        }
        reader.reserve(instances + instanceCount * instanceSize, "its \(instanceCount) instances")
    }

    /// `avar`: a header, then a map of positions for each axis; version 2 adds two offsets,
    /// which the version 1 it is published as has not. A map must be in increasing order and
    /// map -1, 0 and 1 to themselves (or be empty), as the OpenType specification says: engines
    /// read one that is not each their own way (Chromium's sanitiser drops it, FreeType leaves
    /// the positions past its last pair as they are, HarfBuzz maps them), so the checks would
    /// not see the font browsers draw.
    private static func readAxisVariations(_ reader: inout PartReader) {
        reader.read(0, 8, "its header")
        guard let version = reader.uint16(at: 0), let axisCount = reader.uint16(at: 6) else { return }
        guard version == 1 || version == 2 else { return reader.fail("it is of version \(version), which no reader reads") }
        var offset = 8
        for axis in 0..<axisCount {
            reader.read(offset, 2, "the map of axis \(axis + 1)")
            guard let count = reader.uint16(at: offset) else { return }
            reader.read(offset, 2 + 4 * count, "the map of axis \(axis + 1)")
            let pairs = (0..<count).compactMap { pair in
                reader.int16(at: offset + 2 + 4 * pair).flatMap { from in reader.int16(at: offset + 4 + 4 * pair).map { (from, $0) } }
            }
            guard pairs.count == count else { return }
            guard zip(pairs, pairs.dropFirst()).allSatisfy({ $0.0 < $1.0 && $0.1 <= $1.1 }) else {
                return reader.fail("the map of axis \(axis + 1) is not in increasing order")
            }
            // F2Dot14: -1, 0 and 1 are -16384, 0 and 16384.
            guard count == 0 || [-16384, 0, 16384].allSatisfy({ end in pairs.contains { $0 == (end, end) } }) else {
                return reader.fail("the map of axis \(axis + 1) does not map -1, 0 and 1 to themselves")
            }
            offset += 2 + 4 * count
        }
    }

    /// `MVAR`: a header, records of the metrics that vary, and a store of their deltas.
    private static func readMetricsVariations(_ reader: inout PartReader) {
        reader.read(0, 12, "its header")
        guard let recordSize = reader.uint16(at: 6), let recordCount = reader.uint16(at: 8), let store = reader.uint16(at: 10) else { return }
        guard recordSize >= 8 else { return reader.fail("it gives its records \(recordSize) bytes each, fewer than a record's 8") }
        for record in 0..<recordCount { reader.read(12 + record * recordSize, 8, "record \(record + 1)") }
        if store != 0 { readVariationStore(&reader, at: store) }
    }

    /// An item variation store at `start`: its header, its regions and its delta sets.
    private static func readVariationStore(_ reader: inout PartReader, at start: Int) {
        reader.read(start, 8, "its store of deltas")
        guard let format = reader.uint16(at: start), let regions = reader.uint32(at: start + 2), let dataCount = reader.uint16(at: start + 6)
        else { return }
        guard format == 1 else { return reader.fail("its store of deltas is of format \(format), which no reader reads") }
        reader.read(start + 8, 4 * dataCount, "its store's offsets")
        reader.read(start + regions, 4, "its regions")
        if let axisCount = reader.uint16(at: start + regions), let regionCount = reader.uint16(at: start + regions + 2) {
            reader.read(start + regions + 4, 6 * axisCount * regionCount, "its regions")
        }
        for index in 0..<dataCount {
            guard let offset = reader.uint32(at: start + 8 + 4 * index), offset != 0 else { continue }
            let data = start + offset
            reader.read(data, 6, "delta set \(index + 1)")
            guard let itemCount = reader.uint16(at: data), let words = reader.uint16(at: data + 2), let regionCount = reader.uint16(at: data + 4)
            else { continue }
            let (longWords, wordCount) = (words & 0x8000 != 0, words & 0x7FFF)
            guard wordCount <= regionCount else { return reader.fail("delta set \(index + 1) has more wide deltas than regions") }
            let row = longWords ? 4 * wordCount + 2 * (regionCount - wordCount) : 2 * wordCount + (regionCount - wordCount)
            reader.read(data + 6, 2 * regionCount + itemCount * row, "delta set \(index + 1)")
        }
    }
}

/// What the readers of a table read of it: its parts, in order, none touching another, and
/// how long the table runs (its last part's end, or more: an `fvar`'s last instance is whole).
struct TableParts: Equatable {
    var parts: [Range<Int>]
    var length: Int
}

/// Why a copied table is not whole: it ends before one of its parts does, or it gives a field
/// a value no reader reads (a phrase whose subject is the table).
struct TableDamage: Error, Equatable, CustomStringConvertible {
    var description: String
}

/// The parts of one table read so far, and the first that did not lie inside it.
private struct PartReader {
    let table: [UInt8]
    var parts: [Range<Int>] = []
    var damage: TableDamage?
    /// How long the table runs at least, past its last part read (``reserve(_:_:)``).
    var length = 0

    /// Notes `count` bytes at `offset` as read, or the table damaged when they are not all in it.
    mutating func read(_ offset: Int, _ count: Int, _ what: String) {
        guard damage == nil else { return }
        guard offset >= 0, count >= 0, offset <= table.count, count <= table.count - offset else {
            return fail("it ends (\(table.count) bytes) before the end of \(what) (\(count) bytes at byte \(offset))")
        }
        if count > 0 { parts.append(offset..<offset + count) }
    }

    /// Notes that the table runs to `end` at least, its bytes there past what is read kept as
    /// zeros: a reader takes the table only that long.
    mutating func reserve(_ end: Int, _ what: String) {
        guard damage == nil else { return }
        guard end <= table.count else { return fail("it ends (\(table.count) bytes) before the end of \(what) (byte \(end))") }
        length = max(length, end)
    }

    mutating func fail(_ reason: String) {
        if damage == nil { damage = TableDamage(description: reason) }
    }

    /// The number at `offset`, when it lies in a part read and the table is whole so far.
    func uint16(at offset: Int) -> Int? {
        guard damage == nil, offset >= 0, offset <= table.count - 2 else { return nil }
        return Int(table.uint16(at: offset))
    }

    func uint32(at offset: Int) -> Int? {
        guard damage == nil, offset >= 0, offset <= table.count - 4 else { return nil }
        return Int(table.uint32(at: offset))
    }

    func int16(at offset: Int) -> Int? {
        uint16(at: offset).map { Int(Int16(truncatingIfNeeded: $0)) }
    }

    /// A 16.16 fixed-point number.
    func fixed(at offset: Int) -> Float? {
        uint32(at: offset).map { Float(Int32(truncatingIfNeeded: $0)) / 65536 }
    }
}
