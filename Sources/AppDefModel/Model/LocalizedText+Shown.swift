extension LocalizedText {
    /// What a page in `language` shows of the text, as the carousel picks it: the translation
    /// written for the language (``LanguageLookup``), the default language's own too; else the
    /// default text, whose language is then `nil`. A page without a language shows the default text.
    package func shown(in language: String?) -> (text: String, language: String?) {
        guard let language, let key = LanguageLookup.lookup(language, among: languages),
            let translation = translations.first(where: { $0.language == key })
        else { return (defaultText, nil) }
        return (translation.text, translation.language)
    }
}
