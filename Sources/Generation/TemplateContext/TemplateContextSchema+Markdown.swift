import AppDefModel

extension TemplateContextSchema {
    /// The schema as a Markdown list for Documentation/Templates.md: each value, its kind, where it is given
    /// and what it holds, members indented under their object or list.
    public static var markdown: String {
        fields.map { line(for: $0, depth: 0, showPages: true) }.joined()
    }

    /// The schema as plain text for a terminal: the same list, without Markdown.
    public static var text: String {
        markdown.replacingBackquotes
    }

    private static func line(for field: TemplateContextField, depth: Int, showPages: Bool) -> String {
        let indentation = String(repeating: "  ", count: depth)
        var facts = [field.kind.rawValue]
        if field.isOptional { facts.append("may be missing") }
        if showPages, field.pages != Set(TemplateContextField.Page.allCases) {
            facts.append("only in " + TemplateContextField.Page.allCases.filter(field.pages.contains).map(\.templates).joined(separator: " and "))
        }
        let own = "\(indentation)- `\(field.name)` (\(facts.joined(separator: ", "))): \(field.summary)\n"
        return own + field.fields.map { line(for: $0, depth: depth + 1, showPages: false) }.joined()
    }
}

extension TemplateContextField.Page {
    /// The templates that render this page, for people.
    var templates: String {
        switch self {
        case .carousel: "index.html"
        case .screenPage: "screen.html"
        case .styleAndScripts: "the CSS and scripts"
        }
    }
}

extension String {
    fileprivate var replacingBackquotes: String {
        String(unicodeScalars.filter { $0 != "`" })
    }
}
