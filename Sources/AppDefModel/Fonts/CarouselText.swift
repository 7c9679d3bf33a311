package import FontProcessing

/// Everything the carousel can show in its web fonts, each text with its language: every
/// translation of every screen, the button words in every language, the slide labels ("2 of
/// 4") of the languages the pages carry, and the app's name. A published font is subset to
/// its characters, and must shape its texts as the font does; lint checks that each font draws
/// them.
package struct CarouselText {
    /// Every text, in the order the project gives them, each once.
    package let texts: [ShapingText]
    /// Those the pages draw in the text's language's font: the screens' texts and each
    /// language's own button words. Not the slide labels, which only screen readers read, nor
    /// the app's name, the pages' title, nor a button's default words on a page in another
    /// language, which the page marks with the default language (see ``ButtonLabels``).
    package let drawnTexts: [ShapingText]

    /// What the pages and their script add to the texts: the digits of slide labels, and the
    /// space, colon and slash they join words with ("2 of 4: Welcome", "2 / 4"), and the dot of
    /// a screen page's title.
    package static let addedCharacters = "0123456789 :/·"

    /// The texts of `screens`, the `buttons`' words and the app's name, as the carousel of a
    /// project whose default language is `defaultLanguage` shows them.
    package init(screens: [OnboardingScreen], buttons: ButtonLabels, defaultLanguage: String?, appName: String?) {
        let defaultLanguage = defaultLanguage ?? ""
        var texts: [ShapingText] = []
        var seen: Set<ShapingText> = []
        func add(_ text: String, _ language: String) {
            let shaping = ShapingText(language: language, text: text)
            if !text.isEmpty, seen.insert(shaping).inserted { texts.append(shaping) }
        }
        func add(_ localized: LocalizedText) {
            add(localized.defaultText, defaultLanguage)
            for (language, text) in localized.translations { add(text, language) }
        }
        for screen in screens {
            for field in TextField.allCases { screen.texts[field].map(add) }
        }
        for words in [buttons.skip, buttons.next, buttons.start] { add(words) }
        self.drawnTexts = texts
        for words in [buttons.skip, buttons.next, buttons.start] {
            // A language without words of its own for a button shows the default words, marked
            // with their language, so drawn in its font; a page without script, or a template
            // of the user's that does not mark them, draws them in the page's: shaped in each.
            for language in screens.languages { add(words.defaultText, language) }
        }
        let count = screens.count
        for language in [defaultLanguage] + screens.languages {
            for number in Set([1, count]) where count > 0 {
                add(InterfaceStrings.slideLabel(number, of: count, language: language.isEmpty ? nil : language), language)
            }
        }
        if let name = appName { add(name, defaultLanguage) }
        self.texts = texts
    }

    /// Every character of every text and of ``addedCharacters``, in code point order.
    package var characters: [Unicode.Scalar] {
        Set(texts.flatMap(\.text.unicodeScalars) + Self.addedCharacters.unicodeScalars).sorted { $0.value < $1.value }
    }

    /// The texts a font shows: those in a language of `languages` as CSS's `:lang()` matches
    /// them on the pages (the language itself, or one of its subtags: `fr` takes `fr-CA`),
    /// whatever the case or ISO 639 code (`fra` takes `fr`).
    package func texts(in languages: [String]) -> [ShapingText] {
        Self.texts(texts, in: languages)
    }

    /// The ``drawnTexts`` in a language of `languages`, as ``texts(in:)``.
    package func drawnTexts(in languages: [String]) -> [ShapingText] {
        Self.texts(drawnTexts, in: languages)
    }

    private static func texts(_ texts: [ShapingText], in languages: [String]) -> [ShapingText] {
        let wanted = languages.map(LanguageTag.matchingKey)
        return texts.filter { text in
            let language = LanguageTag.matchingKey(text.language)
            return wanted.contains { language == $0 || language.hasPrefix($0 + "-") }
        }
    }
}
