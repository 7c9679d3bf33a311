/// A name a template looks up, with the sections it is looked up in: what a checker needs to
/// tell whether every `{{name}}` of a template exists in the values it will be given.
package struct MustacheNameUse: Hashable, Sendable {
    package enum Kind: Hashable, Sendable {
        /// `{{name}}`, `{{{name}}}` or `{{&name}}`.
        case variable
        /// `{{#name}}`: its value becomes the innermost one for what the section holds.
        case section
        /// `{{^name}}`: it adds no value for what it holds.
        case invertedSection
        /// `{{> name}}`: the partial renders with the values in effect here.
        case partial
    }

    package var kind: Kind
    /// The dotted parts of the name (none for `.`); a partial's name as one part.
    package var parts: [String]
    /// Whether the name is looked up in the innermost value only (`{{.name}}`, `{{.}}`).
    package var inCurrentValueOnly: Bool
    /// The names of the `{{#sections}}` around the use, outermost first: each made its value the
    /// innermost one. Inverted sections are left out, as they add no value.
    package var enclosingSections: [[String]]
    /// Where the tag is in the template.
    package var position: MustachePosition

    /// The name as written, without the braces.
    package var name: String {
        (inCurrentValueOnly ? "." : "") + parts.joined(separator: ".")
    }
}

extension MustacheTemplate {
    /// Every name the template looks up and every partial it includes, in the order written.
    package var nameUses: [MustacheNameUse] {
        var uses: [MustacheNameUse] = []
        collectUses(in: nodes, enclosingSections: [], into: &uses)
        return uses
    }

    private func collectUses(in nodes: [MustacheNode], enclosingSections: [[String]], into uses: inout [MustacheNameUse]) {
        for node in nodes {
            let position = position(of: node.offset)
            switch node.kind {
            case .variable(let name, _):
                uses.append(use(.variable, name, enclosingSections, position))
            case .section(let name, let inverted, let children):
                uses.append(use(inverted ? .invertedSection : .section, name, enclosingSections, position))
                let inner = inverted ? enclosingSections : enclosingSections + [name.parts]
                collectUses(in: children, enclosingSections: inner, into: &uses)
            case .partial(let partialName, _):
                uses.append(
                    MustacheNameUse(
                        kind: .partial, parts: [partialName], inCurrentValueOnly: false, enclosingSections: enclosingSections,
                        position: position))
            case .text, .lineStart, .escaping:
                continue
            }
        }
    }

    private func use(_ kind: MustacheNameUse.Kind, _ name: MustacheName, _ sections: [[String]], _ position: MustachePosition) -> MustacheNameUse {
        MustacheNameUse(kind: kind, parts: name.parts, inCurrentValueOnly: name.inCurrentValueOnly, enclosingSections: sections, position: position)
    }
}
