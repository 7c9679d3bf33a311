@testable import Mustache

/// A rendering case: a template, its data, its partials and the text it must give. The expected
/// texts are those of the Mustache specification's own tests where a case carries its name.
struct MustacheSpecCase: Sendable, CustomStringConvertible {
    var name: String
    var template: String
    var data: TemplateValue = [:]
    var partials: [String: String] = [:]
    var expected: String

    /// The name and the template: several groups of the specification have cases of the same name.
    var description: String { "\(name): \(template.debugDescription)" }

    /// The template rendered with the case's data and partials.
    func render() throws -> String {
        let parsedPartials = try partials.mapValues { try MustacheTemplate(parsing: $0) }
        return try MustacheRenderer(partials: parsedPartials).render(try MustacheTemplate(parsing: template), with: data)
    }
}
