package import XMLStreaming

/// Whether the name an appDef gives a language agrees with the language its code names in
/// ISO 639. SAB lets an app builder make up an interface language's code: the Kirundi hymnal
/// writes `Kir` and names it "Kirundi" (`Language_Kir`), where ISO 639's `kir` is Kirghiz. A
/// browser and a screen reader go by the code, and would read Kirundi text as Kirghiz.
package enum LanguageNameCheck {
    /// The English name the appDef gives `code` (its `Language_<code>` mapping's `en`
    /// translation), with where it is written; `nil` when it gives none.
    package static func appDefName(of code: String, in mappings: [String: XMLElement]) -> (name: String, position: SourcePosition)? {
        guard let mapping = mappings[code] else { return nil }
        let english = mapping.children.first { child in
            guard let lang = child.attribute(AppDefVocabulary.langAttribute)?.value else { return false }
            return LanguageCode.primarySubtag(of: lang) == "en"
        }
        guard let english, !english.text.trimmingWhitespace.isEmpty else { return nil }
        return (english.text.trimmingWhitespace, english.position)
    }

    /// Whether `appDefName` and ISO 639's `isoName` are one language: the same letters, or one
    /// inside the other ("Malay (macrolanguage)" and "Malay"; "Wolof" and "Wolof language"),
    /// case, spaces and punctuation aside.
    package static func agree(_ appDefName: String, _ isoName: String) -> Bool {
        let mine = letters(of: appDefName)
        let iso = letters(of: isoName.prefix { $0 != "(" && $0 != ";" && $0 != "," })
        guard !mine.isEmpty, !iso.isEmpty else { return true }
        return mine.contains(iso) || iso.contains(mine)
    }

    /// The lowercased letters of `name` ("Kirundi (Burundi)" gives "kirundiburundi").
    private static func letters(of name: some StringProtocol) -> String {
        String(name.lowercased().filter(\.isLetter))
    }
}
