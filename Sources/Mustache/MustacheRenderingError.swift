/// A rendering stopped by one of its limits, and where: the template being rendered then (the
/// whole one or a partial) and the tag or text in it that was being rendered.
package struct MustacheRenderingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The limit passed.
    package var limit: MustacheRenderingLimit
    /// The partial being rendered, by the name its `{{> name}}` tag gave; `nil` when it was the
    /// template given to ``MustacheRenderer/render(_:with:)``.
    package var partialName: String?
    /// The place in that template: 1-based line and column, the column counted in characters.
    package var position: MustachePosition

    package var description: String {
        "\(partialName.map { "partial '\($0)' " } ?? "")\(position.line):\(position.column): \(limit.explanation)"
    }
}
