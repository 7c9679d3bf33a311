import AppDefModel

/// A text of a screen that has no translation for a language the app offers, and what a page
/// in that language shows instead: the default text, as the carousel falls back to it
/// (``LocalizedText/shown(in:)``).
struct MissingTranslation: Hashable, Sendable {
    package var language: String
    package var field: TextField
    /// The default text, shown in its place.
    package var shown: String

    /// The texts of `screen` that a page in `language` shows in the default text. None for the
    /// default language, whose text the default text is, nor for a review without a language.
    package static func of(_ screen: OnboardingScreen, in language: ReviewLanguage) -> [MissingTranslation] {
        guard let code = language.code, !language.isDefault else { return [] }
        return TextField.allCases.compactMap { field in
            guard let text = screen.texts[field] else { return nil }
            let shown = text.shown(in: code)
            return shown.language == nil ? MissingTranslation(language: code, field: field, shown: shown.text) : nil
        }
    }
}

extension TextField {
    /// The field as the review page names it: `top title`.
    var label: String {
        rawValue.replacing("-", with: " ")
    }
}
