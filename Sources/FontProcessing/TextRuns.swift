internal import CFonts

/// A text cut into the runs a browser shapes apart: a browser gives HarfBuzz one run of one
/// script drawn in one font at a time, so a character the font lacks (drawn in another font)
/// and a change of script end a run. Shaped as one run, a text can draw what its runs do not:
/// a font's Latin 'ccmp' put an inked glyph in place of an empty Greek one in "Welcome Ω",
/// which Chromium and WebKit shaped as Greek, and drew empty.
enum TextRuns {
    /// The scripts that take their neighbours': common (punctuation, digits, spaces),
    /// inherited (combining marks) and unknown.
    private static let neighbourly: Set<UInt32> = [tag("Zyyy"), tag("Zinh"), tag("Zzzz")]

    /// The runs of `text` as a browser shapes it in `font`, in order; the characters the font
    /// lacks are in none.
    static func runs(of text: String, in font: HarfBuzzFont) -> [String] {
        var runs: [String] = []
        var current = String.UnicodeScalarView()
        var script: UInt32?
        func end() {
            if !current.isEmpty { runs.append(String(current)) }
            current = String.UnicodeScalarView()
            script = nil
        }
        for character in text.unicodeScalars {
            guard font.hasGlyph(for: character) || character.properties.isDefaultIgnorableCodePoint else {
                end()
                continue
            }
            let own = cfonts_script(character.value)
            if !neighbourly.contains(own) {
                if let script, script != own { end() }
                script = own
            }
            current.append(character)
        }
        end()
        return runs
    }

    private static func tag(_ name: StaticString) -> UInt32 {
        name.withUTF8Buffer { $0.reduce(0) { $0 << 8 | UInt32($1) } }
    }
}
