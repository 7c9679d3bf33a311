/// A text in its default form and in the languages the appDef gives, as written.
public struct LocalizedText: Hashable, Sendable {
    /// The text of the translation without `lang`.
    public var defaultText: String
    /// The other translations in document order; language codes kept as written.
    public var translations: [(language: String, text: String)]
    /// The language of `defaultText` when it is not the app's default language; `nil` when it
    /// is. A button whose words neither the appDef nor the built-in table gives in the default
    /// language shows English words, which a page marks as English for screen readers.
    public var defaultTextLanguage: String?

    public init(defaultText: String, translations: [(language: String, text: String)] = [], defaultTextLanguage: String? = nil) {
        self.defaultText = defaultText
        self.translations = translations
        self.defaultTextLanguage = defaultTextLanguage
    }

    /// The languages, in document order.
    public var languages: [String] { translations.map(\.language) }

    public static func == (lhs: LocalizedText, rhs: LocalizedText) -> Bool {
        lhs.defaultText == rhs.defaultText && lhs.defaultTextLanguage == rhs.defaultTextLanguage
            && lhs.translations.elementsEqual(rhs.translations) { $0 == $1 }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(defaultText)
        hasher.combine(defaultTextLanguage)
        for (language, text) in translations {
            hasher.combine(language)
            hasher.combine(text)
        }
    }
}
