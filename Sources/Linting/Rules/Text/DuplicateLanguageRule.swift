import AppDefModel
internal import XMLStreaming

struct DuplicateLanguageRule: Rule {
    static let description = RuleDescription(
        id: "duplicate-language", category: .text, severity: .error,
        summary: "A title has two translations for one language (or two defaults).",
        rationale: """
            Languages are matched whatever their case and whichever ISO 639 code they are written \
            in, as the pages write them: `fr`, `FR` and `fra` are one language; only the first \
            would ever be shown.
            """,
        triggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <title type="top-title"><translation>Welcome</translation><translation lang="fr">Bienvenue</translation><translation ↓lang="FR">Salut</translation></title>
                </onboarding-screen>
                """),
            RuleExample(
                """
                <onboarding-screen>
                  <title type="top-title"><translation>Welcome</translation><translation lang="wo">Dalal ak jàmm</translation><translation ↓lang="wol">Dalal</translation></title>
                </onboarding-screen>
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(
                "<onboarding-screen><title type=\"top-title\"><translation>Welcome</translation><translation lang=\"fr\">Bienvenue</translation><translation lang=\"fr-CA\">Bienvenue</translation></title></onboarding-screen>"
            )
        ])

    func check(_ context: LintContext) -> [Finding] {
        context.screens.flatMap(\.titles).flatMap { title in
            var seen: [String: SourcePosition] = [:]
            return title.translations.compactMap { translation -> Finding? in
                let language = translationLanguage(translation)
                let key = language.map(LanguageTag.matchingKey) ?? ""
                let position = translation.attribute(AppDefVocabulary.langAttribute)?.position ?? translation.position
                guard let first = seen[key] else {
                    seen[key] = position
                    return nil
                }
                let what = language.map { "language '\($0)'" } ?? "the default text"
                return Finding(
                    position: position, message: "\(what) is given twice in this title",
                    notes: ["first given at line \(first.line), column \(first.column); that one is used"])
            }
        }
    }
}
