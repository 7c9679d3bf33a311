internal import XMLStreaming

/// Chooses each button's words in each language: the appDef's own mapping, else the built-in
/// table, else the default text; and says where it fell back.
struct ButtonLabelResolver {
    /// A language whose words for some buttons did not come from the appDef.
    struct Fallback: Hashable {
        var language: String
        /// The mapping ids that fell back, e.g. `Button_Next`.
        var buttons: [String]
        /// Whether the built-in table gave the words (else the default text is shown).
        var fromTable: Bool
    }

    let mappings: [String: XMLElement]
    let defaultLanguage: String?

    init(syntax: AppDefSyntax) {
        mappings = syntax.buttonMappings
        defaultLanguage = syntax.defaultLanguage
    }

    /// The labels for the default language and for `languages`, plus every language the
    /// appDef's mappings give.
    func resolve(for languages: [String]) -> (labels: ButtonLabels, fallbacks: [Fallback]) {
        var fallbacks: [String: Fallback] = [:]
        func label(_ id: String, _ keyPath: KeyPath<ButtonLabelTable.Words, String>) -> LocalizedText {
            let given = translations(of: id)
            let english = ButtonLabelTable.words["en"]![keyPath: keyPath]
            let defaultText = given.first { LanguageCode.same($0.language, defaultLanguage) }?.text
                ?? ButtonLabelTable.words(for: defaultLanguage)?[keyPath: keyPath] ?? english
            // Every language's own words, the default language's too: the words written for the
            // visitor's language win, and the default text is the fallback.
            var result = given
            for language in languages where !LanguageCode.same(language, defaultLanguage) {
                guard !result.contains(where: { LanguageCode.same($0.language, language) }) else { continue }
                let primary = LanguageCode.primarySubtag(of: language)
                let viaPrimary = given.first { LanguageCode.same($0.language, primary) }?.text
                let fromTable = ButtonLabelTable.words(for: language)?[keyPath: keyPath]
                if let text = viaPrimary ?? fromTable { result.append((language, text)) }
                if viaPrimary == nil {
                    var fallback = fallbacks[language] ?? Fallback(language: language, buttons: [], fromTable: fromTable != nil)
                    fallback.buttons.append(id)
                    fallbacks[language] = fallback
                }
            }
            return LocalizedText(defaultText: defaultText, translations: result)
        }
        let labels = ButtonLabels(
            skip: label("Button_Skip", \.skip), next: label("Button_Next", \.next), start: label("Button_Start", \.start))
        let ordered = languages.compactMap { fallbacks[$0] }
        return (labels, ordered)
    }

    /// The non-empty translations of a mapping, first of each language, as written.
    private func translations(of id: String) -> [(language: String, text: String)] {
        guard let mapping = mappings[id] else { return [] }
        var seen: Set<String> = []
        return mapping.translations.compactMap { translation in
            guard let language = translationLanguage(translation), !translation.trimmedText.isEmpty,
                seen.insert(language.lowercased()).inserted
            else { return nil }
            return (language, translation.trimmedText)
        }
    }
}
