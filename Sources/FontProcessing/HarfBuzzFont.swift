internal import CFonts

/// One font held by HarfBuzz: its glyphs, its character map, and its subset and shaping.
final class HarfBuzzFont {
    private let font: OpaquePointer

    /// The first font of `sfnt`; throws when HarfBuzz is missing or reads no glyph in it (its
    /// tables are damaged: HarfBuzz reads what it cannot trust as empty).
    init(sfnt: [UInt8]) throws(FontProcessingFailure) {
        try FontLibraries.require(FontLibraries.harfBuzz)
        guard let font = sfnt.withUnsafeBufferPointer({ cfonts_font_create($0.baseAddress, $0.count) }) else {
            throw FontProcessingFailure("HarfBuzz cannot hold it (out of memory)")
        }
        self.font = font
        guard cfonts_font_glyph_count(font) > 0 else {
            throw FontProcessingFailure("HarfBuzz reads no glyph in it: its tables are damaged")
        }
    }

    deinit { cfonts_font_destroy(font) }

    var glyphCount: Int { Int(cfonts_font_glyph_count(font)) }

    /// Sets a variable font to the instance a browser draws in the carousel's pages with
    /// `@font-face`'s `font-weight: cssWeight` (``BrowserInstance``): shaping, sizes and
    /// outlines are then that instance's. Gives the axes set, or `nil` (and changes nothing)
    /// for a font without any of them, which draws its default instance there.
    @discardableResult
    func drawAsBrowsers(weight cssWeight: Int) -> BrowserInstance? {
        var settings: [BrowserInstance.Setting] = []
        for (name, requested) in BrowserInstance.requested(weight: cssWeight) {
            var (minimum, defaultValue, maximum): (Float, Float, Float) = (0, 0, 0)
            // HarfBuzz gives a range holding the default (a font whose axis does not is refused).
            guard cfonts_font_axis(font, FontFileStructure.tag(name), &minimum, &defaultValue, &maximum) != 0 else { continue }
            settings.append(BrowserInstance.Setting(tag: name, value: min(max(requested, minimum), maximum)))
        }
        guard !settings.isEmpty else { return nil }
        let tags = settings.map { FontFileStructure.tag($0.tag) }
        let values = settings.map(\.value)
        tags.withUnsafeBufferPointer { tags in
            values.withUnsafeBufferPointer { values in cfonts_font_set_variations(font, tags.baseAddress, values.baseAddress, tags.count) }
        }
        return BrowserInstance(settings: settings)
    }

    /// Whether the character map gives `character` a glyph.
    func hasGlyph(for character: Unicode.Scalar) -> Bool {
        cfonts_font_has_character(font, character.value) != 0
    }

    /// The font's sfnt without the tables `tags`, every other table as it is.
    func sfnt(without tags: [String]) throws(FontProcessingFailure) -> [UInt8] {
        let values = tags.map(FontFileStructure.tag)
        return try Self.taken("HarfBuzz cannot copy its tables (out of memory)") { bytes, length in
            values.withUnsafeBufferPointer { cfonts_font_without_tables(font, $0.baseAddress, $0.count, &bytes, &length) }
        }
    }

    /// The font's sfnt with `table` as its table `tag` (in place of its own), every other
    /// table as it is.
    func sfnt(replacing tag: String, with table: [UInt8]) throws(FontProcessingFailure) -> [UInt8] {
        let value = FontFileStructure.tag(tag)
        return try Self.taken("HarfBuzz cannot copy its tables (out of memory)") { bytes, length in
            table.withUnsafeBufferPointer { cfonts_font_with_table(font, value, $0.baseAddress, $0.count, &bytes, &length) }
        }
    }

    /// The font subset to `characters`, every layout feature and the glyphs they reach kept,
    /// as an sfnt.
    func subset(to characters: [Unicode.Scalar]) throws(FontProcessingFailure) -> [UInt8] {
        let values = characters.map(\.value)
        return try Self.taken("HarfBuzz's subsetter cannot subset it: its tables are damaged") { bytes, length in
            values.withUnsafeBufferPointer { cfonts_subset(font, $0.baseAddress, $0.count, &bytes, &length) }
        }
    }

    /// The whole font as a browser draws it, as an sfnt: every character, glyph (under its own
    /// id) and OpenType layout table kept, with the legacy `kern` copied as it is; what no
    /// browser reads (a font tool's private tables, any tag the subsetter does not know),
    /// Apple's layout tables and the names beyond those a subset keeps left out.
    func whole() throws(FontProcessingFailure) -> [UInt8] {
        try Self.taken("HarfBuzz's subsetter cannot copy it: its tables are damaged") { bytes, length in
            cfonts_subset_whole(font, &bytes, &length)
        }
    }

    /// The bytes a CFonts call writes (`call` gives its status: 0 on success), copied and
    /// freed; `failure` when it fails.
    private static func taken(
        _ failure: String, _ call: (inout UnsafeMutablePointer<UInt8>?, inout Int) -> Int32
    ) throws(FontProcessingFailure) -> [UInt8] {
        var bytes: UnsafeMutablePointer<UInt8>?
        var length = 0
        guard call(&bytes, &length) == 0, let bytes else { throw FontProcessingFailure(failure) }
        defer { cfonts_free(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: length))
    }

    /// How many glyph outlines shaping has drawn on the calling thread: tests count work by it.
    static var outlinesDrawnOnThisThread: UInt64 { UInt64(cfonts_outlines_drawn()) }

    /// `text` shaped for `language`, as a reader sees it: each glyph's size and outline read
    /// once, however often the text uses it. In `script` (``TextRuns/Run/script``) when given,
    /// else in the one HarfBuzz guesses from the text.
    func shape(_ text: String, language: String, script: UInt32 = 0) throws(FontProcessingFailure) -> [ShapedGlyph] {
        var utf8 = Array(text.utf8)
        var glyphs: UnsafeMutablePointer<cfonts_glyph>?
        var count = 0
        let status = utf8.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                cfonts_shape(font, characters.baseAddress, characters.count, language, script, &glyphs, &count)
            }
        }
        guard status == 0, let glyphs else { throw FontProcessingFailure("HarfBuzz cannot shape text with it (out of memory)") }
        defer { cfonts_free(glyphs) }
        return UnsafeBufferPointer(start: glyphs, count: count).map(ShapedGlyph.init)
    }
}

/// A shaped glyph as a reader sees it: its place, its advance, its size and its outline. Not its
/// glyph id, which a subset renumbers.
struct ShapedGlyph: Equatable, Sendable {
    var cluster: UInt32
    var advance: (x: Int32, y: Int32)
    var offset: (x: Int32, y: Int32)
    /// Its box: x and y bearing, width and height.
    var extents: (xBearing: Int32, yBearing: Int32, width: Int32, height: Int32)
    var outline: UInt64
    /// Whether it is the font's `.notdef`, which shapes a character the font lacks.
    var isNotdef: Bool

    /// What its outline, as drawn, fills: `nil` when it has no contour (an empty glyph, or a
    /// bitmap one), else whether its contours enclose an area. Not the box its header claims:
    /// a glyph whose points lie on one line (the build publishes no hinting that could move
    /// them apart) or whose contours cancel each other out fills nothing, whatever box it says.
    var outlineHasInk: Bool?

    /// Whether it draws anything: its outline fills an area, or, without an outline (a bitmap
    /// glyph), its box has one.
    var hasInk: Bool {
        outlineHasInk ?? (extents.width != 0 && extents.height != 0)
    }

    init(_ glyph: cfonts_glyph) {
        cluster = glyph.cluster
        isNotdef = glyph.is_notdef != 0
        advance = (glyph.x_advance, glyph.y_advance)
        offset = (glyph.x_offset, glyph.y_offset)
        extents = (glyph.x_bearing, glyph.y_bearing, glyph.width, glyph.height)
        outline = glyph.outline
        outlineHasInk = glyph.outline_ink < 0 ? nil : glyph.outline_ink > 0
    }

    /// Whether a reader sees the two alike. Two `.notdef` glyphs are alike in the same cluster
    /// whatever their place and advance: a browser draws a character its font lacks with another
    /// font, never with this one's `.notdef`. (HarfBuzz zeroes the advance of a lacked mark
    /// in a subset whose 'GDEF' was left empty, and not in the source.)
    static func == (lhs: ShapedGlyph, rhs: ShapedGlyph) -> Bool {
        guard !(lhs.isNotdef && rhs.isNotdef) else { return lhs.cluster == rhs.cluster }
        return lhs.cluster == rhs.cluster && lhs.advance == rhs.advance && lhs.offset == rhs.offset && lhs.extents == rhs.extents
            && lhs.outline == rhs.outline && lhs.isNotdef == rhs.isNotdef
    }
}
