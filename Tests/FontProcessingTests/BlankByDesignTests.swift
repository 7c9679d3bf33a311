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

/// A text is checked for empty glyphs in the runs browsers shape apart, as well as whole.
struct TextRunsTests {
    static func texts(_ text: String, in font: HarfBuzzFont, splitting: Bool) -> [String] {
        TextRuns.runs(of: text, in: font, splittingAtLackedCharacters: splitting).map(\.text)
    }

    @Test func aChangeOfScriptEndsARunAndACharacterTheFontLacksDoesInWebKit() throws {
        let font = try HarfBuzzFont(sfnt: try DebianFonts.charis.bytes())
        #expect(font.hasGlyph(for: "Ω") && !font.hasGlyph(for: "ሀ"))
        #expect(Self.texts("Welcome home", in: font, splitting: true) == ["Welcome home"])
        // Spaces, punctuation and combining marks go with the run they are in.
        #expect(Self.texts("Welcome, Ωmega e\u{301}", in: font, splitting: false) == ["Welcome, ", "Ω", "mega e\u{301}"])
        // A character the font lacks: in its run in Chromium, ending it in WebKit.
        #expect(Self.texts("Welcome ሀΩ", in: font, splitting: false) == ["Welcome ", "ሀ", "Ω"])
        #expect(Self.texts("Welcome ሀΩ", in: font, splitting: true) == ["Welcome ", "Ω"])
    }

    /// A closing bracket takes the script of its opening one, as Chromium gives it.
    @Test func aClosingBracketTakesItsOpeningOnesScript() throws {
        let font = try HarfBuzzFont(sfnt: try DebianFonts.charis.bytes())
        let runs = TextRuns.runs(of: "a Ω(b)", in: font, splittingAtLackedCharacters: false)
        #expect(runs.map(\.text) == ["a ", "Ω(", "b", ")"])
        #expect(runs.last?.script == runs[1].script && runs[1].script != runs[0].script)
    }

    /// An emoji, with its presentation selector, is a run of its own; a digit is not.
    @Test func anEmojiIsARunOfItsOwn() throws {
        let font = try HarfBuzzFont(sfnt: try DebianFonts.charis.bytes())
        #expect(Self.texts("a \u{2665}\u{FE0F}b", in: font, splitting: false) == ["a ", "\u{2665}\u{FE0F}", "b"])
        #expect(Self.texts("a \u{2665}b", in: font, splitting: false) == ["a ", "\u{2665}", "b"])
        #expect(Self.texts("a \u{2665}\u{FE0E}b", in: font, splitting: false) == ["a \u{2665}\u{FE0E}b"])
        #expect(Self.texts("1 of 4", in: font, splitting: false) == ["1 of 4"])
    }
}
