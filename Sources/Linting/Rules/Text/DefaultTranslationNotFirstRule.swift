import AppDefModel

struct DefaultTranslationNotFirstRule: Rule {
    static let description = RuleDescription(
        id: "default-translation-not-first", category: .text, severity: .warning,
        summary: "The default translation (no `lang`) is not the title's first entry.",
        rationale: "SAB writes the default text first; tools that read the first entry as the default would show another language.",
        triggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <title type="top-title"><translation lang="fr">Bienvenue</translation>↓<translation>Welcome</translation></title>
                </onboarding-screen>
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                "<onboarding-screen><title type=\"top-title\"><translation>Welcome</translation><translation lang=\"fr\">Bienvenue</translation></title></onboarding-screen>"
            )
        ])

    func check(_ context: LintContext) -> [Finding] {
        context.screens.flatMap(\.titles).compactMap { title in
            let translations = title.translations
            guard let index = translations.firstIndex(where: { translationLanguage($0) == nil }), index > 0 else { return nil }
            return Finding(position: translations[index].position, message: "the default translation should come first in its title")
        }
    }
}
