/// A parsed Mustache template: logic-less Mustache as the spec (v1) gives it, without lambdas
/// and without the optional modules (inheritance, dynamic names), plus the pragma
/// `{{% CONTENT_TYPE: TEXT }}` for templates that are not HTML.
package struct MustacheTemplate: Sendable {
    let nodes: [MustacheNode]
    /// The text, kept to give the line and column of a node for an error.
    private let source: MustacheSource

    /// Parses `text`; throws the first syntax error, with its line and column.
    package init(parsing text: String) throws(MustacheSyntaxError) {
        source = MustacheSource(text)
        nodes = try MustacheParser.parse(source)
    }

    /// The line and column of a node's offset.
    func position(of offset: Int) -> MustachePosition {
        source.position(of: offset)
    }
}
