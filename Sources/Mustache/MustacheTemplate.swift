/// A parsed Mustache template: logic-less Mustache as the spec (v1) gives it, without lambdas
/// and without the optional modules (inheritance, dynamic names), plus the pragma
/// `{{% CONTENT_TYPE: TEXT }}` for templates that are not HTML.
package struct MustacheTemplate: Hashable, Sendable {
    let nodes: [MustacheNode]

    /// Parses `text`; throws the first syntax error, with its line and column.
    package init(parsing text: String) throws(MustacheSyntaxError) {
        nodes = try MustacheParser.parse(text)
    }
}
