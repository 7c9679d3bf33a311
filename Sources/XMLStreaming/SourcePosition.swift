/// A place in a source document: 1-based line and 1-based column, the column counted in
/// characters (Unicode scalars), not bytes, so that it matches what an editor shows.
package struct SourcePosition: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The 1-based line number.
    package var line: Int
    /// The 1-based column, in characters.
    package var column: Int

    /// Creates a position from a 1-based line and column.
    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The start of a document.
    package static let start = SourcePosition(line: 1, column: 1)

    package static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    package var description: String { "\(line):\(column)" }
}
