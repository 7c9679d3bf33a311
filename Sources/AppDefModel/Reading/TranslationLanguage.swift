package import XMLStreaming

/// The language of a translation: `nil` for the default one (no `lang`, or an empty one).
package func translationLanguage(_ translation: XMLElement) -> String? {
    guard let lang = translation.attribute(AppDefVocabulary.langAttribute)?.value.trimmingWhitespace,
        !lang.isEmpty
    else { return nil }
    return lang
}
