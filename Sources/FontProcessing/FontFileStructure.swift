/// What a font file's structure says it is: its header and table directory, never its name or
/// extension. A file is a font the build takes only when it is one TrueType or OpenType font
/// (bare, or wrapped as WOFF or WOFF2) whose table directory lies inside the file and lists
/// the tables every font needs. Anything else (an SVG font, a web page, a script, a font
/// collection, a cut-short or damaged file) is refused with what it is.
///
/// Written by hand: HarfBuzz reads a damaged font as an empty one without saying why, and
/// lint must not load it (or any library) to say whether a file is a font. The header and the
/// directory are all that is read: a few hundred bytes of a font of megabytes.
package enum FontFileStructure {
    /// The largest font the build takes, as a file and unpacked: 32 MB. A font for one script is
    /// well under it: the SIL and Noto fonts of minority scripts are 0.3 to 5 MB, and the
    /// largest font files Debian ships, Noto Serif CJK's collections (fonts-noto-cjk), are 26
    /// and 27 MB with every CJK region in one file. What is over it is no font a carousel
    /// needs, and would hold the build's memory and, published whole, minutes of its time
    /// (Brotli at its highest quality compresses some megabytes a second).
    package static let largestFont = 32 << 20

    /// The most tables a font's directory may list. An sfnt's header gives `searchRange` (the
    /// largest power of two not over the table count, times 16) in 16 bits, so no sfnt lists
    /// 4096 tables or more; real fonts list 10 to 40 (the OpenType specification registers some
    /// 60 tags, and font tools add a few private ones), so 256 is far above any font and keeps
    /// a damaged or hostile directory from costing more than a few kilobytes to read.
    static let mostTables = 256

    /// The tables without which no browser draws a font: the character map, the header, the
    /// horizontal metrics and the glyph count, and then the outlines, TrueType's or CFF's.
    static let requiredTables = ["cmap", "head", "hhea", "hmtx", "maxp"]

    /// The format of the font in `font`, or why it is not one the build takes.
    package static func format(of font: some FontBytes) throws(FontStructureProblem) -> FontFileFormat {
        guard font.byteCount > 0 else { throw FontStructureProblem("the file is empty") }
        guard font.byteCount <= largestFont else {
            throw FontStructureProblem("it is \(font.byteCount / (1 << 20)) MB, more than the \(largestFont >> 20) MB the build takes of a font")
        }
        guard let start = font.bytes(from: 0, count: min(font.byteCount, 256)) else { throw FontStructureProblem("the file cannot be read") }
        let isWhole = start.count == font.byteCount
        guard start.count >= 4 else { throw FontStructureProblem(FileSniffing.whatItIs(start, isWhole: isWhole)) }
        switch start.uint32(at: 0) {
        case SFNTVersion.trueType, SFNTVersion.appleTrueType, SFNTVersion.openType:
            return try SFNTDirectory.check(font)
        case WOFFHeader.signature:
            return try WOFFHeader.check(font)
        case WOFF2Header.signature:
            return try WOFF2Header.check(font)
        default:
            throw FontStructureProblem(FileSniffing.whatItIs(start, isWhole: isWhole))
        }
    }

    /// The tables a font lacks of those it needs, given the tags it has.
    static func missingTables(in tags: Set<String>) -> [String] {
        let outlines = tags.isSuperset(of: ["glyf", "loca"]) || tags.contains("CFF ") || tags.contains("CFF2")
        return requiredTables.filter { !tags.contains($0) } + (outlines ? [] : ["glyf and loca, or CFF"])
    }

    /// Refuses a directory that lists no table, or more than ``mostTables``.
    static func checkTableCount(_ count: Int) throws(FontStructureProblem) {
        guard count > 0 else { throw FontStructureProblem("its table directory lists no table") }
        guard count <= mostTables else {
            throw FontStructureProblem("its table directory lists \(count) tables, more than the \(mostTables) the build takes (a font has some 10 to 40)")
        }
    }

    /// Whether `length` bytes at `offset` lie inside a file of `fileSize` bytes, after its first
    /// `start` bytes: computed without adding, so that no offset or length can overflow.
    static func liesInside(offset: Int, length: Int, after start: Int, fileSize: Int) -> Bool {
        offset >= start && length >= 0 && length <= fileSize && offset <= fileSize - length
    }

    /// Refuses a font whose tags miss a table it needs or repeat one.
    static func checkTables(_ tags: [String]) throws(FontStructureProblem) {
        var seen: Set<String> = []
        for tag in tags where !seen.insert(tag).inserted {
            throw FontStructureProblem("its table directory lists the '\(tag)' table twice")
        }
        let missing = missingTables(in: seen)
        let bitmaps = ["sbix", "CBDT", "EBDT"].filter(seen.contains)
        if missing == ["glyf and loca, or CFF"], !bitmaps.isEmpty {
            throw FontStructureProblem(
                "its glyphs are bitmaps alone (\(bitmaps.map { "'\($0)'" }.joined(separator: ", ")), no outlines in 'glyf' or 'CFF '), and the build publishes outlines only: use a font with outlines"
            )
        }
        guard missing.isEmpty else {
            throw FontStructureProblem("it lacks the \(missing.map { "'\($0)'" }.joined(separator: ", ")) table\(missing.count == 1 ? "" : "s") a font needs")
        }
    }

    /// A tag (`name`, `kern`) as a font's table directory holds it: its four bytes, as a number.
    static func tag(_ name: String) -> UInt32 {
        name.utf8.reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// A table's tag as a font names it, or its bytes in hexadecimal when they are not printable.
    static func tag(_ value: UInt32) -> String {
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
        guard bytes.allSatisfy({ (0x20...0x7E).contains($0) }) else { return "0x" + String(value, radix: 16) }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// The formats the build takes, by what their structure says.
package enum FontFileFormat: String, Sendable, CaseIterable {
    /// An sfnt with TrueType outlines (`glyf`).
    case trueType = "TrueType"
    /// An sfnt with CFF outlines (`OTTO`).
    case openType = "OpenType"
    case woff = "WOFF"
    case woff2 = "WOFF2"
}

/// Why a file is not a font the build takes, said for its author.
package struct FontStructureProblem: Error, Sendable, CustomStringConvertible, Equatable {
    package let description: String

    package init(_ description: String) {
        self.description = description
    }
}

/// The versions an sfnt's header starts with.
enum SFNTVersion {
    static let trueType: UInt32 = 0x0001_0000
    /// Apple's TrueType tag, `true`.
    static let appleTrueType: UInt32 = 0x7472_7565
    /// OpenType with CFF outlines, `OTTO`.
    static let openType: UInt32 = 0x4F54_544F
    /// A font collection, `ttcf`: several fonts in one file.
    static let collection: UInt32 = 0x7474_6366

    /// The format of one font's sfnt version, or `nil` (a collection's too: the build takes one
    /// font a file).
    static func format(of version: UInt32) -> FontFileFormat? {
        switch version {
        case trueType, appleTrueType: .trueType
        case openType: .openType
        default: nil
        }
    }
}
