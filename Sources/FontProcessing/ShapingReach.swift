internal import CFonts

/// The characters HarfBuzz's shaper may draw a text with besides its own, which a subset must
/// keep to shape the text as the font does (a browser shapes with HarfBuzz too): the canonical
/// decomposition of each (a font without 'ά', U+03AC, draws 'α' and U+0301), and the dotted
/// circle (U+25CC) it puts under a mark that has no base.
enum ShapingReach {
    static let dottedCircle: Unicode.Scalar = "\u{25CC}"

    /// `characters` with every part of their decompositions, at every depth, and the dotted
    /// circle, each once, in code point order. HarfBuzz must be loaded.
    static func characters(_ characters: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var reached = Set(characters)
        reached.insert(dottedCircle)
        var pending = characters
        while let character = pending.popLast() {
            var first: UInt32 = 0
            var second: UInt32 = 0
            guard cfonts_decompose(character.value, &first, &second) != 0 else { continue }
            for part in [first, second] where part != 0 {
                if let scalar = Unicode.Scalar(part), reached.insert(scalar).inserted { pending.append(scalar) }
            }
        }
        return reached.sorted { $0.value < $1.value }
    }
}
