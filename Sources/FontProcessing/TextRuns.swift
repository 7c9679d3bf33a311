internal import CFonts

/// A text cut into the runs a browser shapes apart. A browser gives HarfBuzz one run of one
/// script at a time: shaped as one run, a text can draw what its runs do not (a font's Latin
/// 'ccmp' put an inked glyph in place of an empty Greek one in "Welcome Ω", which Chromium and
/// WebKit shaped as Greek, and drew empty). How browsers cut a text differs, so the checks
/// shape it each way:
/// - by script, a closing bracket taking its opening one's script, and an emoji (with its
///   presentation selector and what it joins) a run of its own, as Chromium's segmenter cuts
///   it; a character the font lacks stays in the run, shaped as `.notdef`, as Chromium shapes
///   it before it draws that character in another font;
/// - the same, and a character the font lacks ending the run, as WebKit shapes it.
enum TextRuns {
    /// A run: its text, and its script (an ISO 15924 tag; 0 when it has only characters that
    /// take their neighbours' script, which HarfBuzz then guesses).
    struct Run: Equatable {
        var text: String
        var script: UInt32
    }

    /// The scripts that take their neighbours': common (punctuation, digits, spaces),
    /// inherited (combining marks) and unknown.
    private static let neighbourly: Set<UInt32> = [tag("Zyyy"), tag("Zinh"), tag("Zzzz")]

    /// The runs of `text` in `font`, in order; with `splittingAtLackedCharacters`, the
    /// characters the font lacks end a run and are in none.
    static func runs(of text: String, in font: HarfBuzzFont, splittingAtLackedCharacters: Bool) -> [Run] {
        var runs: [Run] = []
        var current = String.UnicodeScalarView()
        var script: UInt32?
        // The scripts of the brackets open, innermost last.
        var brackets: [UInt32?] = []
        func end() {
            if !current.isEmpty { runs.append(Run(text: String(current), script: script ?? 0)) }
            current = String.UnicodeScalarView()
            script = nil
        }
        let characters = Array(text.unicodeScalars)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if splittingAtLackedCharacters, !font.hasGlyph(for: character), !character.properties.isDefaultIgnorableCodePoint {
                end()
                index += 1
                continue
            }
            if let length = emojiLength(in: characters, at: index) {
                let scriptBefore = script
                end()
                current.append(contentsOf: characters[index..<index + length])
                end()
                script = scriptBefore
                index += length
                continue
            }
            var own = cfonts_script(character.value)
            if neighbourly.contains(own) {
                switch character.properties.generalCategory {
                case .openPunctuation: brackets.append(script)
                case .closePunctuation:
                    // It takes the script of its opening bracket, when that had one.
                    if let opened = brackets.popLast(), let opened { own = opened }
                default: break
                }
            }
            if !neighbourly.contains(own) {
                if let script, script != own { end() }
                script = own
            }
            current.append(character)
            index += 1
        }
        end()
        return runs
    }

    /// How many characters an emoji at `index` takes (itself, a presentation selector, skin
    /// tones, a keycap, and what it joins with ZWJ), when one starts there: a character with
    /// emoji presentation, or one that may be drawn as emoji and is not followed by the text
    /// presentation selector U+FE0E (Chromium draws "♥" as emoji); not a digit, `#` or `*`
    /// without a selector or keycap.
    private static func emojiLength(in characters: [Unicode.Scalar], at index: Int) -> Int? {
        func isEmoji(_ position: Int) -> Bool {
            guard position < characters.count else { return false }
            let character = characters[position]
            let next = position + 1 < characters.count ? characters[position + 1] : nil
            guard character.properties.isEmoji, next != "\u{FE0E}" else { return false }
            return character.value >= 0x80 || next == "\u{FE0F}" || next == "\u{20E3}"
        }
        guard isEmoji(index) else { return nil }
        var end = index + 1
        while end < characters.count {
            let character = characters[end]
            if character == "\u{FE0F}" || character == "\u{20E3}" || character.properties.isEmojiModifier
                || (0xE0020...0xE007F).contains(character.value)
            {
                end += 1
            } else if character == "\u{200D}", isEmoji(end + 1) {
                end += 2
            } else {
                break
            }
        }
        return end - index
    }

    private static func tag(_ name: StaticString) -> UInt32 {
        name.withUTF8Buffer { $0.reduce(0) { $0 << 8 | UInt32($1) } }
    }
}
