/// Why a template cannot be parsed, and where.
package struct MustacheSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, in the words a template author needs ("the section 'screens' is not closed").
    package var message: String
    /// Where: 1-based line and column, the column counted in characters.
    package var position: MustachePosition
    /// The whole line the problem is on, without its line ending.
    package var lineText: String

    package var description: String { "\(position.line):\(position.column): \(message)" }
}

/// A place in a template: 1-based line and column, the column counted in characters.
package struct MustachePosition: Hashable, Sendable {
    package var line: Int
    package var column: Int
}
