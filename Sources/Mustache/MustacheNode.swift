/// A piece of a parsed template, and where it starts. Sections hold their own nodes, so a
/// template is a tree.
///
/// A node keeps a byte offset, not a line and column: working out the column of every tag took
/// time quadratic in the length of a one-line template. An offset becomes a line and column
/// only for an error (see ``MustacheTemplate/position(of:)``).
struct MustacheNode: Hashable, Sendable {
    indirect enum Kind: Hashable, Sendable {
        /// Literal text, copied as it is.
        case text(String)
        /// The start of a line of the template, where a partial's indentation goes.
        case lineStart
        /// `{{name}}` (escaped), `{{{name}}}` or `{{&name}}` (not escaped).
        case variable(MustacheName, escaped: Bool)
        /// `{{#name}}...{{/name}}`, or with `inverted` `{{^name}}...{{/name}}`.
        case section(MustacheName, inverted: Bool, children: [MustacheNode])
        /// `{{> name}}`. Standalone on its line, it has the white space before it as `indentation`,
        /// which goes before every line of the partial; inside a line it has none (`nil`).
        case partial(String, indentation: String?)
        /// `{{% CONTENT_TYPE: TEXT }}` or `HTML`: how the values after it at its level are escaped.
        case escaping(MustacheEscaping)
    }

    var kind: Kind
    /// The offset in the template's UTF-8 text of the node's first byte: the opening delimiter
    /// of a tag, the first character of a text.
    var offset: Int
}

/// A name in a tag: `.` for the current value, or names separated by dots (`screen.image.src`),
/// looked up from the innermost value outwards; with a leading dot (`.src`), in the current value only.
struct MustacheName: Hashable, Sendable, CustomStringConvertible {
    /// The dotted parts; none for `.`.
    let parts: [String]
    /// Whether the first part is looked up in the current value only (a leading dot).
    let inCurrentValueOnly: Bool

    var description: String { (inCurrentValueOnly ? "." : "") + parts.joined(separator: ".") }
}

/// How values are escaped where they are inserted.
enum MustacheEscaping: Hashable, Sendable {
    /// `&`, `<`, `>`, `"` and `'` as character references: safe in HTML text and quoted attributes.
    case html
    /// As they are: for templates of other languages, such as CSS and JavaScript.
    case none
}
