import AppDefModel

/// A language the review shows the screens in: the app's default language, each interface
/// language it offers, and each other language the screens have text or images in.
package struct ReviewLanguage: Hashable, Sendable {
    /// The code as the appDef writes it, which the frames pass as `?lang=`; `nil` for the
    /// default texts of an appDef that names no default language.
    package var code: String?
    var isDefault: Bool
    package var isRightToLeft: Bool

    /// The languages of an appDef, the default first, each once whatever its case or the ISO 639
    /// code it is written in (`wol` and `wo` are one).
    package static func languages(
        defaultLanguage: String?, interfaceLanguages: [String], screenLanguages: [String], isRightToLeft: (String) -> Bool
    ) -> [ReviewLanguage] {
        var seen: Set<String> = []
        var languages = [ReviewLanguage(code: defaultLanguage, isDefault: true, isRightToLeft: defaultLanguage.map(isRightToLeft) ?? false)]
        if let defaultLanguage { seen.insert(LanguageTag.matchingKey(defaultLanguage)) }
        for code in interfaceLanguages + screenLanguages where !code.isEmpty && seen.insert(LanguageTag.matchingKey(code)).inserted {
            languages.append(ReviewLanguage(code: code, isDefault: false, isRightToLeft: isRightToLeft(code)))
        }
        return languages
    }

    /// `ltr` or `rtl`.
    package var direction: String { isRightToLeft ? "rtl" : "ltr" }

    /// How the pickers and lists name it: the code, and `(default)` for the default language.
    package var label: String {
        switch (code, isDefault) {
        case (let code?, true): "\(code) (default)"
        case (let code?, false): code
        case (nil, _): "Default texts"
        }
    }
}
