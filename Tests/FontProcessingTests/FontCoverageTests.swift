import Testing

@testable import FontProcessing

/// The characters a font lacks, as lint names them (`font-lacks-characters`): found by shaping,
/// as a browser finds them, not by the character map alone.
struct FontCoverageTests {
    /// Charis SIL has no 'ά' (U+03AC) but draws it as 'α' and U+0301, as a browser does: not
    /// lacked; it has neither 'ή' nor 'η', nor 'τ'. Abyssinica SIL lacks U+1AB0: it is named, not the 'a' its cluster starts with.
    /// Charis SIL lacks Ethiopic: each letter is named once, however often the text uses it.
    @Test(
        arguments: [
            (DebianFonts.charis, "άλφα βήτα", "el", ["ή", "τ"]), (DebianFonts.abyssinica, "a\u{1AB0}b", "en", ["\u{1AB0}"]),
            (DebianFonts.charis, "ሰላም ሰላም", "am", ["ሰ", "ላ", "ም"]),
        ] as [(DebianFonts.Font, String, String, [Unicode.Scalar])])
    func lackedCharactersAreThoseABrowserTakesFromAnotherFont(
        _ font: DebianFonts.Font, _ text: String, _ language: String, _ expected: [Unicode.Scalar]
    ) throws {
        let lacked = try WebFontMaker.checkPublishable(try font.bytes(), texts: [ShapingText(language: language, text: text)])
        #expect(lacked == expected.sorted { $0.value < $1.value })
    }

    /// Emoji, arrows and other symbols are drawn by a phone's own fonts; white space, joiners and
    /// bidi marks draw nothing: none is named.
    @Test func symbolsAndWhatDrawsNothingAreNotNamed() throws {
        let text = "Welcome 🙂 → \u{200D}\u{200F}\u{2003}home"
        let font = try DebianFonts.charis.bytes()
        let harfBuzz = try HarfBuzzFont(sfnt: font)
        #expect(!harfBuzz.hasGlyph(for: "🙂"), "the font lacks the emoji: it is left out on purpose")
        #expect(try WebFontMaker.checkPublishable(font, texts: [ShapingText(language: "en", text: text)]).isEmpty)
    }
}
