internal import XMLStreaming

/// Chooses each button's words in each language: the appDef's own mapping, else the built-in
/// table, else the default text; and says where it fell back.
package struct ButtonLabelResolver {
    /// A language whose words for some buttons did not come from the appDef.
    package struct Fallback: Hashable {
        package var language: String
        /// The mapping ids that fell back, e.g. `Button_Next`.
        package var buttons: [String]
        /// Whether the built-in table gave the words (else the default text is shown, or for the
        /// default language itself English words).
        package var fromTable: Bool
        /// Whether this is the default language, whose words are the default text.
        package var isDefaultLanguage = false
    }

    let mappings: [String: XMLElement]
    package let defaultLanguage: String?

    package init(syntax: AppDefSyntax) {
        mappings = syntax.buttonMappings
        defaultLanguage = syntax.usableDefaultLanguage
    }

    /// The labels for the default language and for `languages`, plus every language the
    /// appDef's mappings give; and the languages whose words fell back, the default one first.
    package func resolve(for languages: [String]) -> (labels: ButtonLabels, fallbacks: [Fallback]) {
        var fallbacks: [String: Fallback] = [:]
        func noteFallback(_ language: String, _ id: String, fromTable: Bool, isDefaultLanguage: Bool = false) {
            var fallback = fallbacks[language] ?? Fallback(language: language, buttons: [], fromTable: fromTable, isDefaultLanguage: isDefaultLanguage)
            fallback.buttons.append(id)
            fallbacks[language] = fallback
        }
        func label(_ id: String, _ keyPath: KeyPath<ButtonLabelTable.Words, String>) -> LocalizedText {
            let given = translations(of: id)
            let english = ButtonLabelTable.words["en"]![keyPath: keyPath]
            // The default language's own words, else the mapping's `lang="default"` entry, which
            // SAB writes for a mapping's text in every language.
            let own = given.first { LanguageCode.same($0.language, defaultLanguage) }?.text ?? defaultEntry(of: id)
            let fromTable = ButtonLabelTable.words(for: defaultLanguage)?[keyPath: keyPath]
            if own == nil, let defaultLanguage { noteFallback(defaultLanguage, id, fromTable: fromTable != nil, isDefaultLanguage: true) }
            let defaultText = own ?? fromTable ?? english
            // Every language's own words, the default language's too: the words written for the
            // visitor's language win, and the default text is the fallback.
            var result = given
            for language in languages where !LanguageCode.same(language, defaultLanguage) {
                guard !result.contains(where: { LanguageCode.same($0.language, language) }) else { continue }
                let primary = LanguageCode.primarySubtag(of: language)
                let viaPrimary = given.first { LanguageCode.same($0.language, primary) }?.text
                let fromTable = ButtonLabelTable.words(for: language)?[keyPath: keyPath]
                if let text = viaPrimary ?? fromTable { result.append((language, text)) }
                if viaPrimary == nil { noteFallback(language, id, fromTable: fromTable != nil) }
            }
            // English words standing in for the default language's are marked as English.
            let isEnglish = own == nil && fromTable == nil && !LanguageCode.same(defaultLanguage, "en")
            return LocalizedText(defaultText: defaultText, translations: result, defaultTextLanguage: isEnglish ? "en" : nil)
        }
        let labels = ButtonLabels(
            skip: label("Button_Skip", \.skip), next: label("Button_Next", \.next), start: label("Button_Start", \.start))
        let ordered = ((defaultLanguage.map { [$0] } ?? []) + languages).compactMap { fallbacks.removeValue(forKey: $0) }
        return (labels, ordered)
    }

    /// The non-empty translations of a mapping, first of each language, as written. An entry
    /// whose `lang` is `default` is no language (see ``defaultEntry(of:)``): as a language it
    /// would be a second `default` key beside the default text.
    private func translations(of id: String) -> [(language: String, text: String)] {
        guard let mapping = mappings[id] else { return [] }
        var seen: Set<String> = []
        return mapping.translations.compactMap { translation in
            guard let language = translationLanguage(translation), !AppDefVocabulary.isDefaultKeyword(language),
                !translation.trimmedText.isEmpty, seen.insert(LanguageTag.matchingKey(language)).inserted
            else { return nil }
            return (language, translation.trimmedText)
        }
    }

    /// The first non-empty entry of a mapping whose `lang` is `default`.
    private func defaultEntry(of id: String) -> String? {
        mappings[id]?.translations.first { translation in
            translationLanguage(translation).map(AppDefVocabulary.isDefaultKeyword) == true && !translation.trimmedText.isEmpty
        }?.trimmedText
    }
}
