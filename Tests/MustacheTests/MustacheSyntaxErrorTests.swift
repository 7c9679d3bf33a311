import Testing

@testable import Mustache

/// A template that does not parse is refused with what is wrong and where: line and column (in
/// characters) of the tag, and the line's text.
struct MustacheSyntaxErrorTests {
    struct Case: Sendable, CustomStringConvertible {
        var template: String
        var line: Int
        var column: Int
        /// A part of the message that names the problem.
        var says: String
        var description: String { says }
    }

    static let cases: [Case] = [
        .init(template: "<ul>\n  {{#items}}\n  <li>{{name}}</li>\n</ul>\n", line: 2, column: 6, says: "the section 'items' is not closed"),
        .init(
            template: "{{#a}}\n{{#b}}\n{{/a}}\n{{/b}}\n", line: 3, column: 4,
            says: "'a' closes a section that is not the one open: that is 'b', opened at line 2, column 4"),
        .init(template: "text\n{{/a}}", line: 2, column: 4, says: "'a' closes a section that is not open"),
        .init(template: "one\ntwo {{name\n", line: 2, column: 5, says: "this tag is not closed: '}}' is missing"),
        .init(template: "{{{raw}}", line: 1, column: 1, says: "this tag is not closed: '}}}' is missing"),
        .init(template: "x {{=<%%>=}}", line: 1, column: 6, says: "the set-delimiters tag needs two delimiters"),
        .init(template: "x {{= a= b =}}", line: 1, column: 7, says: "the set-delimiters tag needs two delimiters"),
        .init(template: "{{% CONTENT_TYPE: JSON }}", line: 1, column: 5, says: "unknown content type 'JSON'"),
        .init(template: "{{% STRICT }}", line: 1, column: 5, says: "unknown pragma 'STRICT'"),
        .init(template: "a {{first name}}", line: 1, column: 5, says: "'first name' is not a name"),
        .init(template: "a {{ }}", line: 1, column: 6, says: "this tag has no name"),
        .init(template: "{{a..b}}", line: 1, column: 3, says: "'a..b' is not a name"),
        .init(template: "{{#items}}{{index()}}{{/items}}", line: 1, column: 13, says: "functions in names are not supported"),
        .init(template: "{{<parent}}{{/parent}}", line: 1, column: 1, says: "template inheritance"),
        .init(template: "{{$block}}{{/block}}", line: 1, column: 1, says: "template inheritance"),
        .init(template: "{{>*dynamic}}", line: 1, column: 4, says: "dynamic partial names"),
        .init(template: "{{>}}", line: 1, column: 4, says: "this partial tag names no template"),
        .init(template: "«é» {{#a}}", line: 1, column: 8, says: "the section 'a' is not closed"),
        .init(template: "<%x%>\r\n{{=<% %>=}}\r\n<%#a%>\r\n{{/a}}", line: 3, column: 4, says: "the section 'a' is not closed"),
        .init(
            template: String(repeating: "{{#a}}", count: MustacheParser.maximumNesting + 1), line: 1, column: 6 * MustacheParser.maximumNesting + 4,
            says: "sections are nested more than \(MustacheParser.maximumNesting) deep"),
    ]

    @Test(arguments: cases) func theErrorSaysWhatAndWhere(_ expected: Case) {
        do {
            _ = try MustacheTemplate(parsing: expected.template)
            Issue.record("the template parsed")
        } catch {
            #expect(error.message.contains(expected.says), "\(error.message)")
            #expect(error.position == MustachePosition(line: expected.line, column: expected.column), "\(error.message)")
        }
    }

    @Test func theErrorCarriesItsLineWithoutTheLineEnding() throws {
        let error = try #require(throws: MustacheSyntaxError.self) { try MustacheTemplate(parsing: "first\r\n  {{#open}} here\r\nlast") }
        #expect(error.lineText == "  {{#open}} here")
        #expect(error.description == "2:6: the section 'open' is not closed: '/open' is missing")
    }

    @Test func nestingUpToTheLimitParses() throws {
        let depth = MustacheParser.maximumNesting
        let template = String(repeating: "{{#a}}", count: depth) + "x" + String(repeating: "{{/a}}", count: depth)
        let rendered = try MustacheRenderer(partials: [:]).render(try MustacheTemplate(parsing: template), with: ["a": true])
        #expect(rendered == "x")
    }
}
