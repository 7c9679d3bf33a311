/// The values besides its glyphs that a browser lays a font's text out with: where lines sit and
/// how far apart they are ('hhea' and 'OS/2' ascender, descender and line gap, and the 'OS/2'
/// flag that picks between them), and where an underline goes ('post').
///
/// OTS mends some of them as Chromium and Firefox load a font, saying only a warning, while
/// WebKit draws the published bytes: a negative 'hhea' ascender, which OTS sets to 0, put two
/// lines of 100 px Liberation Sans 48 px high in Chromium 156 and 18 px in WebKitGTK 2.50. The
/// glyphs are compared by shaping; these are compared by value. A negative line gap, which OTS
/// also sets to 0, is not a difference: both browsers take it as 0 (224 px in each).
struct LineMetrics: Equatable {
    /// A value: its table, its name, where it is in the table and whether it is signed.
    struct Field: Equatable {
        var table: String
        var name: String
        var offset: Int
        var isSigned = true
        /// The bits of it that count, when not all do.
        var mask: UInt16 = 0xFFFF
        /// Whether browsers take a value below 0 as 0.
        var isClampedAtZero = false
    }

    static let fields = [
        Field(table: "hhea", name: "ascender", offset: 4),
        Field(table: "hhea", name: "descender", offset: 6),
        Field(table: "hhea", name: "line gap", offset: 8, isClampedAtZero: true),
        Field(table: "OS/2", name: "version", offset: 0, isSigned: false),
        // Bit 7, USE_TYPO_METRICS: whether the typographic values below, or the 'hhea' ones,
        // place lines. OTS clears reserved bits, which nothing reads.
        Field(table: "OS/2", name: "USE_TYPO_METRICS flag", offset: 62, isSigned: false, mask: 0x80),
        Field(table: "OS/2", name: "typographic ascender", offset: 68),
        Field(table: "OS/2", name: "typographic descender", offset: 70),
        Field(table: "OS/2", name: "typographic line gap", offset: 72, isClampedAtZero: true),
        Field(table: "OS/2", name: "Windows ascent", offset: 74, isSigned: false),
        Field(table: "OS/2", name: "Windows descent", offset: 76, isSigned: false),
        Field(table: "post", name: "underline position", offset: 8),
        Field(table: "post", name: "underline thickness", offset: 10),
    ]

    /// Each of ``fields``' value as browsers take it, `nil` where the font has no such table or
    /// its table ends before the value.
    let values: [Int?]

    /// The sfnt `sfnt`'s values; `nil` when its table directory cannot be read.
    init?(of sfnt: [UInt8]) {
        var tables: [String: [UInt8]] = [:]
        for tag in Set(Self.fields.map(\.table)) {
            guard let table = try? SFNTDirectory.table(tag, of: sfnt) else { return nil }
            tables[tag] = table
        }
        values = Self.fields.map { field in
            guard let table = tables[field.table], table.count >= field.offset + 2 else { return nil }
            let raw = (UInt16(table[field.offset]) << 8 | UInt16(table[field.offset + 1])) & field.mask
            let value = field.isSigned ? Int(Int16(bitPattern: raw)) : Int(raw)
            return field.isClampedAtZero ? max(0, value) : value
        }
    }

    /// How the font of these values would be laid out otherwise with `other`'s: "its 'hhea'
    /// line gap is -200 and 0 as OTS loads it" (`otherName` "as OTS loads it"); `nil` when
    /// every value is alike.
    func difference(from other: LineMetrics, otherName: String) -> String? {
        guard let index = values.indices.first(where: { values[$0] != other.values[$0] }) else { return nil }
        let field = Self.fields[index]
        func said(_ value: Int?) -> String { value.map(String.init) ?? "missing" }
        return "its '\(field.table)' \(field.name) is \(said(values[index])), and \(said(other.values[index])) \(otherName)"
    }
}
