internal import CFonts

/// The characters HarfBuzz's shaper may draw a text with besides its own, which a subset must
/// keep to shape the text as the font does (a browser shapes with HarfBuzz too):
/// - the canonical decomposition of each (a font without 'ά', U+03AC, draws 'α' and U+0301);
/// - the canonical compositions of a base and the marks after it (a font draws 'a' and U+0301,
///   typed so by a keyboard or kept so by a file in decomposed form, as its 'á', U+00E1);
/// - the dotted circle (U+25CC) it puts under a mark that has no base.
enum ShapingReach {
    static let dottedCircle: Unicode.Scalar = "\u{25CC}"

    /// The most marks after one base, and the most forms of the base, tried for compositions:
    /// real text has a few; a hostile one cannot make the closure below costly.
    static let marksTried = 16
    static let formsTried = 64

    /// `characters` and what `texts` can be composed into, with every part of their
    /// decompositions at every depth, and the dotted circle, each once, in code point order.
    /// HarfBuzz must be loaded.
    static func characters(_ characters: [Unicode.Scalar], texts: [String] = []) -> [Unicode.Scalar] {
        var reached = Set(characters)
        reached.insert(dottedCircle)
        for text in texts { reached.formUnion(compositions(in: text)) }
        var pending = Array(reached)
        while let character = pending.popLast() {
            for part in decomposition(of: character) where reached.insert(part).inserted { pending.append(part) }
        }
        return reached.sorted { $0.value < $1.value }
    }

    /// Every character HarfBuzz may compose in `text`: it decomposes what the font lacks, then
    /// composes a base with each following mark when the font has the result, so any base form
    /// with any of its marks, in any order, is reached (more than HarfBuzz's order allows: a
    /// character too many costs a glyph, one too few the subset).
    static func compositions(in text: String) -> Set<Unicode.Scalar> {
        var composed = Set<Unicode.Scalar>()
        var run: [Unicode.Scalar] = []
        func close() {
            guard run.count > 1 else { return }
            // The base as written and its own base, and the marks after it with those it holds.
            let base = fullDecomposition(of: run[0])
            var forms = Set([run[0]] + base.prefix(1))
            let marks = Set(run.dropFirst().prefix(marksTried).flatMap { [$0] + fullDecomposition(of: $0) } + base.dropFirst())
            var pending = Array(forms)
            while let form = pending.popLast(), forms.count < formsTried {
                for mark in marks {
                    guard let result = Unicode.Scalar(cfonts_compose(form.value, mark.value)), result.value != 0 else { continue }
                    if forms.insert(result).inserted {
                        composed.insert(result)
                        pending.append(result)
                    }
                }
            }
        }
        for scalar in text.unicodeScalars {
            if isMark(scalar), !run.isEmpty {
                run.append(scalar)
            } else {
                close()
                run = [scalar]
            }
        }
        close()
        return composed
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// The two parts (or one) of the canonical decomposition of `character`; none without one.
    private static func decomposition(of character: Unicode.Scalar) -> [Unicode.Scalar] {
        var first: UInt32 = 0
        var second: UInt32 = 0
        guard cfonts_decompose(character.value, &first, &second) != 0 else { return [] }
        return [first, second].compactMap { $0 == 0 ? nil : Unicode.Scalar($0) }
    }

    /// The canonical decomposition of `character` taken to the end, base first; none without one.
    private static func fullDecomposition(of character: Unicode.Scalar) -> [Unicode.Scalar] {
        let parts = decomposition(of: character)
        guard let base = parts.first else { return [] }
        let deeper = fullDecomposition(of: base)
        return (deeper.isEmpty ? [base] : deeper) + parts.dropFirst()
    }
}
