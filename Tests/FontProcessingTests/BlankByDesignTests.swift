import Testing

@testable import FontProcessing

/// Characters a real font draws with no ink by design do not refuse it: before, lint and the
/// build refused Noto Nastaliq Urdu for a word with a tatweel (its joined form has no outline)
/// and DejaVu Sans for braille with a blank cell, "so visitors would see no text".
struct BlankByDesignTests {
    @Test(
        arguments: [
            (DebianFonts.notoNastaliqUrdu, "ur", "خوش آمدیـد", "\u{0640}"), (DebianFonts.dejaVuSans, "en", "⠓⠑⠇⠇⠕\u{2800}⠺⠕⠗⠇⠙", "\u{2800}"),
        ] as [(DebianFonts.Font, String, String, Unicode.Scalar)])
    func aCharacterDrawnBlankByDesignDoesNotRefuseTheFont(_ font: DebianFonts.Font, _ language: String, _ text: String, _ blank: Unicode.Scalar)
        throws
    {
        let source = try font.bytes()
        let texts = [ShapingText(language: language, text: text)]
        let shaped = try HarfBuzzFont(sfnt: source).shape(text, language: language)
        #expect(shaped.contains { !$0.hasInk }, "a glyph of the text draws nothing")
        #expect(throws: Never.self) { try WebFontMaker.checkPublishable(source, texts: texts) }
        #expect(EmptyGlyphCheck.blankByDesign.contains(blank))
        // Without it, the rest of the text still has to draw.
        #expect(throws: Never.self) {
            try WebFontMaker.checkPublishable(
                source, texts: [ShapingText(language: language, text: text.replacingOccurrences(of: String(Character(blank)), with: ""))])
        }
    }
}

/// A text is checked for empty glyphs in the runs browsers shape apart, as well as whole: a
/// change of script, or a character the font lacks (drawn in another font), ends a run.
struct TextRunsTests {
    @Test func aChangeOfScriptOrACharacterTheFontLacksEndsARun() throws {
        let font = try HarfBuzzFont(sfnt: try DebianFonts.charis.bytes())
        #expect(font.hasGlyph(for: "Ω") && !font.hasGlyph(for: "ሀ"))
        #expect(TextRuns.runs(of: "Welcome home", in: font) == ["Welcome home"])
        // Spaces, punctuation and combining marks go with the run they are in.
        #expect(TextRuns.runs(of: "Welcome, Ωmega e\u{301}", in: font) == ["Welcome, ", "Ω", "mega e\u{301}"])
        #expect(TextRuns.runs(of: "Welcome ሀΩ", in: font) == ["Welcome ", "Ω"])
        #expect(TextRuns.runs(of: "ሀ", in: font).isEmpty)
    }
}
