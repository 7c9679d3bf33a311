/// The characters of a text a font has no glyph for. HarfBuzz, as a browser, draws a character
/// with the font's glyph for it, or for its decomposition ('α' and U+0301 for 'ά'); what is left
/// is shaped as `.notdef`, which a browser does not draw: it takes the character from another
/// font, when the visitor's device has one. A minority script's text on a phone without a font
/// for it shows boxes, so the app builder is told which characters the font lacks.
enum FontCoverage {
    /// The characters of `text`, shaped by `font` as `glyphs`, that a `.notdef` glyph stands for
    /// and the font's character map lacks, in the order of their code points. Only letters,
    /// marks, digits and punctuation count, the characters of a script: a Scripture font need
    /// not have emoji or arrows, which phones draw with fonts of their own, nor white space and
    /// what draws nothing (joiners, variation selectors, bidi marks).
    static func lackedCharacters(of text: String, shapedAs glyphs: [ShapedGlyph], in font: HarfBuzzFont) -> [Unicode.Scalar] {
        let lackingClusters = Set(glyphs.filter(\.isNotdef).map(\.cluster))
        guard !lackingClusters.isEmpty else { return [] }
        let utf8 = Array(text.utf8)
        let starts = Set(glyphs.map(\.cluster)).sorted()
        var lacked: Set<Unicode.Scalar> = []
        for (index, start) in starts.enumerated() where lackingClusters.contains(start) {
            let end = index + 1 < starts.count ? Int(starts[index + 1]) : utf8.count
            guard Int(start) < end, end <= utf8.count else { continue }
            for character in String(decoding: utf8[Int(start)..<end], as: UTF8.self).unicodeScalars
            where isOfAScript(character) && !font.hasGlyph(for: character) {
                lacked.insert(character)
            }
        }
        return lacked.sorted { $0.value < $1.value }
    }

    private static func isOfAScript(_ character: Unicode.Scalar) -> Bool {
        switch character.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark, .spacingMark,
            .enclosingMark, .decimalNumber, .letterNumber, .otherNumber, .connectorPunctuation, .dashPunctuation, .openPunctuation,
            .closePunctuation, .initialPunctuation, .finalPunctuation, .otherPunctuation:
            true
        default: false
        }
    }
}
