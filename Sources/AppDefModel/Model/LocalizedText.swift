/// A text in its default form and in the languages the appDef gives, as written.
public struct LocalizedText: Hashable, Sendable {
    /// The text of the translation without `lang`.
    public var defaultText: String
    /// The other translations in document order; language codes kept as written.
    public var translations: [(language: String, text: String)]

    public init(defaultText: String, translations: [(language: String, text: String)] = []) {
        self.defaultText = defaultText
        self.translations = translations
    }

    /// The languages, in document order.
    public var languages: [String] { translations.map(\.language) }

    public static func == (lhs: LocalizedText, rhs: LocalizedText) -> Bool {
        lhs.defaultText == rhs.defaultText && lhs.translations.elementsEqual(rhs.translations) { $0 == $1 }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(defaultText)
        for (language, text) in translations {
            hasher.combine(language)
            hasher.combine(text)
        }
    }
}
