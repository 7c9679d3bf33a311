/// A value a template sees: text, a number, a flag, a list, or an object of named values.
///
/// Typed rather than `Any`, so that what a template can see is stated in one place and a value
/// renders the same everywhere, without reflection.
package enum TemplateValue: Hashable, Sendable {
    /// Text, inserted as it is (escaped for HTML unless the tag is raw).
    case string(String)
    /// A number: whole numbers are inserted without a fraction.
    case number(Double)
    /// A flag: `false` skips a section, `true` renders it once.
    case bool(Bool)
    /// A list: a section renders once per item, and none for an empty list.
    case list([TemplateValue])
    /// Named values, which names in tags look up.
    case object([String: TemplateValue])

    /// A whole number.
    package init(_ integer: Int) {
        self = .number(Double(integer))
    }

    /// The member `name` of an object; `nil` for a missing member and for any other value.
    package subscript(name: String) -> TemplateValue? {
        guard case .object(let members) = self else { return nil }
        return members[name]
    }

    /// Whether a section over the value is skipped (and an inverted section rendered): `false` and
    /// an empty list. Any other value renders the section, even an empty string or zero: a screen
    /// whose default text is empty still gets the element its translations fill in.
    var isFalsey: Bool {
        switch self {
        case .bool(let flag): !flag
        case .list(let items): items.isEmpty
        case .string, .number, .object: false
        }
    }

    /// What `{{name}}` inserts: text as it is, a whole number without a fraction, `true` or
    /// `false`. Lists and objects insert nothing.
    var interpolatedText: String {
        switch self {
        case .string(let text): text
        case .number(let number): Self.format(number)
        case .bool(let flag): flag ? "true" : "false"
        case .list, .object: ""
        }
    }

    /// Whole numbers as integers (`640`, not `640.0`); others in Swift's shortest exact form (`1.21`).
    private static func format(_ number: Double) -> String {
        let exactIntegers = 9_007_199_254_740_992.0  // 2^53: every whole Double below it is exact
        if number.rounded() == number, abs(number) < exactIntegers {
            return String(Int64(number))
        }
        return String(number)
    }
}

extension TemplateValue: ExpressibleByStringInterpolation {
    /// Text.
    package init(stringLiteral text: String) {
        self = .string(text)
    }
}

extension TemplateValue: ExpressibleByIntegerLiteral {
    /// A whole number.
    package init(integerLiteral integer: Int) {
        self.init(integer)
    }
}

extension TemplateValue: ExpressibleByFloatLiteral {
    /// A number.
    package init(floatLiteral number: Double) {
        self = .number(number)
    }
}

extension TemplateValue: ExpressibleByBooleanLiteral {
    /// A flag.
    package init(booleanLiteral flag: Bool) {
        self = .bool(flag)
    }
}

extension TemplateValue: ExpressibleByArrayLiteral {
    /// A list.
    package init(arrayLiteral items: TemplateValue...) {
        self = .list(items)
    }
}

extension TemplateValue: ExpressibleByDictionaryLiteral {
    /// Later members of the same name replace earlier ones.
    package init(dictionaryLiteral members: (String, TemplateValue)...) {
        self = .object(Dictionary(members, uniquingKeysWith: { _, last in last }))
    }
}
