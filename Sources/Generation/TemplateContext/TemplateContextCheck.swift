import AppDefModel
internal import Mustache

/// Checks the names templates look up against ``TemplateContextSchema``: a `{{name}}` that names
/// no value renders as nothing, silently, so a misspelt name in a user's template would go
/// unnoticed until someone looks at the page.
struct TemplateContextCheck {
    /// A name that resolves to no value where it is used.
    struct UnknownName: Hashable {
        /// The template file the tag is in (its `--templates` path, or `(built-in)/...`).
        var path: String
        var line: Int
        var column: Int
        /// The name as written.
        var name: String
    }

    /// The parsed templates, by the name partials use, and where each came from.
    let templates: [String: MustacheTemplate]
    let paths: [String: String]

    /// Deeper inclusions are the renderer's business (it stops at 64): a check needs only to
    /// see each partial in each context once.
    private static let maximumPartialDepth = 8

    /// Every tag whose name is unknown where it is used, in each template that renders a page,
    /// and in the partials they include (checked with the values in effect at the inclusion).
    var unknownNames: [UnknownName] {
        var found: [UnknownName] = []
        for (fileName, page) in TemplateSet.names.compactMap({ name in TemplateContextField.Page(template: name).map { (name, $0) } }) {
            let partialName = TemplateSet.partialName(of: fileName)
            check(partialName, scopes: [TemplateContextSchema.fields(on: page)], depth: 0, into: &found)
        }
        var seen = Set<UnknownName>()
        return found.filter { seen.insert($0).inserted }
    }

    private func check(_ partialName: String, scopes: [[TemplateContextField]], depth: Int, into found: inout [UnknownName]) {
        guard let template = templates[partialName], depth <= Self.maximumPartialDepth else { return }
        let path = paths[partialName] ?? partialName
        for use in template.nameUses {
            var innerScopes = scopes
            for section in use.enclosingSections {
                // An unknown section was reported at its own tag; what it holds is then not checked.
                guard let field = Self.resolve(section, inCurrentValueOnly: false, in: innerScopes) else {
                    innerScopes = []
                    break
                }
                innerScopes.append(field.fields)
            }
            guard !innerScopes.isEmpty else { continue }
            if use.kind == .partial {
                check(use.parts[0], scopes: innerScopes, depth: depth + 1, into: &found)
            } else if !use.parts.isEmpty, Self.resolve(use.parts, inCurrentValueOnly: use.inCurrentValueOnly, in: innerScopes) == nil {
                found.append(UnknownName(path: path, line: use.position.line, column: use.position.column, name: use.name))
            }
        }
    }

    /// The field a dotted name reaches, looked up as the renderer does: its first part from the
    /// innermost value outwards (or in the innermost only), the rest inside that.
    private static func resolve(_ parts: [String], inCurrentValueOnly: Bool, in scopes: [[TemplateContextField]]) -> TemplateContextField? {
        guard let first = parts.first else { return nil }
        let searched = inCurrentValueOnly ? Array(scopes.suffix(1)) : scopes.reversed()
        guard var field = searched.lazy.compactMap({ scope in scope.first { $0.name == first } }).first else { return nil }
        for part in parts.dropFirst() {
            guard let member = field.fields.first(where: { $0.name == part }) else { return nil }
            field = member
        }
        return field
    }
}
