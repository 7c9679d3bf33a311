/// Whether a font draws the carousel's text at all: a font may map a character to a glyph with
/// no outline (a font tool's placeholder, a damaged `loca`). A browser then shows nothing for
/// it and, as the font has the character, takes no other font, so the visitor sees no text.
enum EmptyGlyphCheck {
    /// The first character of `text`, shaped by `font` as `glyphs`, that `font` maps and draws
    /// with empty glyphs alone: no glyph of its cluster has ink (``ShapedGlyph/hasInk``: an
    /// outline enclosing nothing is empty). White space and characters meant to draw nothing
    /// (joiners, variation selectors, bidi marks, ``blankByDesign``) are not counted, nor one
    /// the font lacks, which a browser takes from another font.
    static func firstUndrawnCharacter(of text: String, shapedAs glyphs: [ShapedGlyph], in font: HarfBuzzFont) -> Unicode.Scalar? {
        var inked: [UInt32: Bool] = [:]
        for glyph in glyphs { inked[glyph.cluster, default: false] = inked[glyph.cluster, default: false] || glyph.hasInk }
        let utf8 = Array(text.utf8)
        let starts = inked.keys.sorted()
        for (index, start) in starts.enumerated() where inked[start] == false {
            let end = index + 1 < starts.count ? Int(starts[index + 1]) : utf8.count
            guard Int(start) < end, end <= utf8.count else { continue }
            let cluster = String(decoding: utf8[Int(start)..<end], as: UTF8.self)
            if let character = cluster.unicodeScalars.first(where: { drawsInk($0) && font.hasGlyph(for: $0) }) { return character }
        }
        return nil
    }

    /// Characters a font may draw with nothing by design: the blank braille cell, the
    /// extenders that stretch a joined word (a Nastaliq font's tatweel joins with no ink of its
    /// own), and the null notehead. Real fonts do (Noto Nastaliq Urdu, DejaVu Sans's braille).
    static let blankByDesign: Set<Unicode.Scalar> = ["\u{2800}", "\u{0640}", "\u{07FA}", "\u{1D159}"]

    static func drawsInk(_ character: Unicode.Scalar) -> Bool {
        !character.properties.isWhitespace && !character.properties.isDefaultIgnorableCodePoint
            && character.properties.generalCategory != .control && character.properties.generalCategory != .format
            && !blankByDesign.contains(character)
    }
}
