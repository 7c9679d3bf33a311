import AppDefModel

/// One value templates receive: its name, kind, what it holds and on which pages. Declared in
/// ``TemplateContextSchema``, the one place the template context is written down.
public struct TemplateContextField: Sendable, Hashable {
    /// What a value is, as a template uses it.
    public enum Kind: String, Sendable, Hashable {
        /// Text, inserted with `{{name}}` (HTML-escaped) or `{{{name}}}` (as it is).
        case text
        /// A whole number, inserted as digits.
        case number
        /// `true` or `false`, for `{{#name}}` and `{{^name}}`.
        case flag
        /// Named values, reached as `name.member` or inside `{{#name}}`.
        case object
        /// Items, each with the fields given, repeated by `{{#name}}`.
        case list
    }

    /// What a template renders, which decides the values it is given.
    public enum Page: String, Sendable, Hashable, CaseIterable {
        /// `index.html`, the carousel.
        case carousel
        /// `screen.html`, the page of one screen.
        case screenPage
        /// `onboarding.css`, `onboarding.js` and `onboarding-gate.js`.
        case styleAndScripts

        /// The page a template renders: `nil` for a partial, which renders where it is included.
        public init?(template fileName: String) {
            switch fileName {
            case "index.html.mustache": self = .carousel
            case "screen.html.mustache": self = .screenPage
            case "onboarding.css.mustache", "onboarding.js.mustache", "onboarding-gate.js.mustache": self = .styleAndScripts
            default: return nil
            }
        }
    }

    public var name: String
    public var kind: Kind
    /// One line: what the value holds.
    public var summary: String
    /// Where it is given; fields inside an object or list follow their parent.
    public var pages: Set<Page>
    /// Whether it can be missing (a screen without an image, a text field left out): a section
    /// such as `{{#image}}` is then skipped.
    public var isOptional: Bool
    /// The members of an object or of each item of a list.
    public var fields: [TemplateContextField]

    init(
        _ name: String, _ kind: Kind, _ summary: String, pages: Set<Page> = Set(Page.allCases), optional: Bool = false,
        fields: [TemplateContextField] = []
    ) {
        self.name = name
        self.kind = kind
        self.summary = summary
        self.pages = pages
        self.isOptional = optional
        self.fields = fields
    }
}
