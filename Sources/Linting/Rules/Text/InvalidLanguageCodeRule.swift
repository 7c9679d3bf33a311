import AppDefModel
internal import XMLStreaming

struct InvalidLanguageCodeRule: Rule {
    static let description = RuleDescription(
        id: "invalid-language-code", category: .text, severity: .warning,
        summary:
            "A `lang` or the default language is not a BCP 47 language tag (a note when it is one written otherwise: SAB's `Kir` in another case, `wol` for `wo`).",
        rationale: """
            Browsers name languages with BCP 47 tags (`en`, `es-MX`, `zh-Hant`); a code that is not \
            one may never match a reader's language. SAB also writes codes BCP 47 writes otherwise: \
            in another case (`Kir`), or in a three-letter ISO 639 code where the language has a \
            two-letter one (`wol` for Wolof, `wo`; `fra` and `fre` for `fr`), which a browser or an \
            accessibility checker takes for no language. The pages carry such a code as BCP 47 \
            writes it and match it whichever way the visitor's browser or the PWA writes it; the \
            manifest keeps it as written, for the PWA. That is worth a note, which names the \
            language, so that a code meant for another one can be corrected; and a warning where \
            the appDef's own name of the language says so: the Kirundi hymnal writes `Kir` and \
            names it Kirundi (`Language_Kir`), where ISO 639's `kir` is Kirghiz, so browsers and \
            screen readers would read its text as Kirghiz (Kirundi is `rn`). The default language \
            (`translation-mappings default-lang`) is checked too: it becomes the pages' `lang`.
            """,
        triggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <title type="top-title"><translation>Welcome</translation><translation ↓lang="english_US">Welcome</translation></title>
                </onboarding-screen>
                """),
            RuleExample(
                """
                <onboarding-screen>
                  <title type="top-title"><translation>Welcome</translation><translation ↓lang="Kir">Кош келиңиз</translation></title>
                </onboarding-screen>
                """),
            RuleExample(
                """
                <onboarding-screen>
                  <title type="top-title"><translation>Welcome</translation><translation ↓lang="wol">Dalal ak jàmm</translation><translation ↓lang="fre-CA">Bienvenue</translation></title>
                </onboarding-screen>
                """),
            RuleExample(
                """
                <?xml version="1.0" encoding="utf-8"?>
                <app-definition>
                  <translation-mappings default-lang="en"><tm id="Language_Kir"><t lang="en">Kirundi</t><t lang="Kir">Ikirundi</t></tm></translation-mappings>
                  <onboarding-screen><title type="top-title"><t>Welcome</t><t ↓lang="Kir">Murakaza neza</t></title></onboarding-screen>
                </app-definition>
                """),
            RuleExample(
                """
                <?xml version="1.0" encoding="utf-8"?><app-definition><translation-mappings ↓default-lang="en_US"/><onboarding-screens><onboarding-screen><title type="top-title"><t>Welcome</t></title></onboarding-screen></onboarding-screens></app-definition>
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <?xml version="1.0" encoding="utf-8"?>
                <app-definition>
                  <translation-mappings default-lang="es-419"><tm id="Button_Skip"><t lang="es-419">Skip</t></tm><tm id="Button_Next"><t lang="es-419">Next</t></tm><tm id="Button_Start"><t lang="es-419">Start</t></tm></translation-mappings>
                  <onboarding-screen><title type="top-title"><t>Bienvenido</t></title></onboarding-screen>
                </app-definition>
                """),
            RuleExample(
                """
                <onboarding-screen>
                  <title type="top-title"><translation>Welcome</translation><translation lang="es-MX">Bienvenido</translation></title>
                  <onboarding-screen-image lang="default"><image>a.png</image></onboarding-screen-image>
                </onboarding-screen>
                """, images: ["a.png": .png]),
        ])

    func check(_ context: LintContext) -> [Finding] {
        guard !context.screens.isEmpty else { return [] }
        let translationLangs = context.screens.flatMap(\.titles).flatMap(\.translations)
            .compactMap { $0.attribute(AppDefVocabulary.langAttribute) }
        let imageLangs = context.screens.flatMap(\.imageBlocks)
            .compactMap { $0.attribute(AppDefVocabulary.langAttribute) }
            .filter { ImageLanguage.normalised($0.value) != nil }
        var defaultLang: [XMLAttribute] = []
        if let code = context.syntax.defaultLanguage, let position = context.syntax.defaultLanguagePosition {
            defaultLang.append(XMLAttribute(name: "default-lang", value: code, position: position))
        }
        var notedCodes: Set<String> = []
        return (defaultLang + translationLangs + imageLangs).sorted { $0.position < $1.position }.compactMap { lang in
            let code = lang.value.trimmingWhitespace
            // `default` is reserved-language-code's to report.
            guard !code.isEmpty, !AppDefVocabulary.isDefaultKeyword(code) else { return nil }
            if LanguageTag.isWellFormed(code) {
                guard LanguageTag.canonical(code) != code else { return nil }
                // A note once per code is enough: the code is legal, and the pages carry it as BCP 47 writes it.
                guard notedCodes.insert(code).inserted else { return nil }
                return Self.writtenOtherwise(code, at: lang.position, names: context.syntax.languageNameMappings)
            }
            return Finding(
                position: lang.position, message: "'\(code)' is not a BCP 47 language tag",
                notes: ["write a tag such as 'fr', 'es-MX' or 'zh-Hant' so that it can match a reader's language"])
        }
    }

    /// The note for a well-formed code BCP 47 writes otherwise: what the pages carry, and which
    /// language that is when ISO 639 names it. A warning instead when the appDef names the
    /// language otherwise (``LanguageNameCheck``): the code was made up, and the pages would
    /// tell browsers the text is another language.
    private static func writtenOtherwise(_ code: String, at position: SourcePosition, names: [String: XMLElement]) -> Finding {
        let tag = LanguageTag.canonical(code)
        let primary = String(tag.prefix { $0 != "-" })
        let isoName = ISO639.name(of: primary)
        if let isoName, let named = LanguageNameCheck.appDefName(of: code, in: names),
            !LanguageNameCheck.agree(named.name, isoName)
        {
            return Finding(
                position: position,
                message:
                    "language code '\(code)' is ISO 639's \(isoName) ('\(tag)'), but the appDef names it '\(named.name)' (Language_\(code), line \(named.position.line)): browsers and screen readers will take this text for \(isoName)",
                notes: [
                    "the pages carry '\(tag)', the manifest '\(code)' as written; give \(named.name) its own ISO 639 code in SAB's interface languages and translations"
                ])
        }
        let language = isoName.map { " (\($0))" } ?? ""
        let shorter = primary.count < code.prefix { $0 != "-" }.count
        return Finding(
            position: position,
            message: "language code '\(code)' is written '\(tag)'\(language) in BCP 47; the pages carry '\(tag)', the manifest '\(code)' as written",
            notes: [
                shorter
                    ? "a visitor whose browser says '\(tag)' sees this text, and '?lang=\(code)' still chooses it; write '\(tag)' if that is the language meant"
                    : "languages are matched case-insensitively, so readers whose language is '\(tag)' see this text"
            ],
            severity: .note)
    }
}
