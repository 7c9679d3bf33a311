/// The language of an image block: `nil` for the image shown in every language.
package enum ImageLanguage {
    /// The language code of a block's `lang` in lower case; `nil` when it is missing, empty or
    /// `default`.
    package static func normalised(_ lang: String?) -> String? {
        guard let lang = lang?.trimmingWhitespace, !lang.isEmpty,
            lang.lowercased() != AppDefVocabulary.defaultKeyword
        else { return nil }
        return lang.lowercased()
    }
}
