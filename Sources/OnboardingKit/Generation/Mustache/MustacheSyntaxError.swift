/// Why a template cannot be parsed, and where.
struct MustacheSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, in the words a template author needs ("the section 'screens' is not closed").
    var message: String
    /// Where: 1-based line and column, the column counted in characters.
    var position: MustachePosition
    /// The whole line the problem is on, without its line ending.
    var lineText: String

    var description: String { "\(position.line):\(position.column): \(message)" }
}

/// A place in a template: 1-based line and column, the column counted in characters.
struct MustachePosition: Hashable, Sendable {
    var line: Int
    var column: Int
}
