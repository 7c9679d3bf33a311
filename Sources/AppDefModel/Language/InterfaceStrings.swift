/// Words of the carousel's own, for the common SAB interface languages.
package enum InterfaceStrings {
    /// "N of M" for a slide's label, `{n}` and `{m}` replaced; by language subtag.
    package static let slideLabelPatterns: [String: String] = [
        "en": "{n} of {m}", "fr": "{n} sur {m}", "es": "{n} de {m}", "pt": "{n} de {m}", "de": "{n} von {m}",
        "ru": "{n} из {m}", "ar": "{n} من {m}", "fa": "{n} از {m}", "hi": "{m} में से {n}", "id": "{n} dari {m}",
        "ms": "{n} daripada {m}", "sw": "{n} kati ya {m}", "zh": "第 {n} 页，共 {m} 页", "ko": "{m}개 중 {n}번째",
        "tr": "{m} içinden {n}", "vi": "{n} trên {m}", "th": "{n} จาก {m}", "am": "{n} ከ {m}", "my": "{m} ခုအနက် {n}",
        "ur": "{m} میں سے {n}",
    ]

    /// The pattern for a language code, by its primary subtag; `nil` when unknown.
    package static func slideLabelPattern(for language: String?) -> String? {
        guard let language else { return nil }
        return slideLabelPatterns[LanguageCode.primarySubtag(of: language)]
    }

    package static func slideLabel(_ number: Int, of count: Int, language: String?) -> String {
        (slideLabelPattern(for: language) ?? "{n} of {m}")
            .replacing("{n}", with: String(number))
            .replacing("{m}", with: String(count))
    }
}
