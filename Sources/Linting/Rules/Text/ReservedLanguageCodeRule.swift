import AppDefModel
internal import XMLStreaming

struct ReservedLanguageCodeRule: Rule {
    static let description = RuleDescription(
        id: "reserved-language-code", category: .text, severity: .error,
        summary: "A title's translation or the default language says `lang=\"default\"`, which is no language.",
        rationale: """
            `default` is the key of the default text in the manifest and in the carousel's data \
            (`{"default": "Welcome", "fr": "Bienvenue"}`). A translation whose `lang` is `default` \
            would be a second text under that key, and readers of the JSON disagree on which one \
            wins: the carousel would show one text and the page without script the other. Give the \
            default text as the title's translation without `lang`. As `default-lang`, `default` \
            names no language for the page's `lang`. (`lang="default"` on an image block, and in a \
            translation mapping as SAB writes it, does mean the default, and is not reported.)
            """,
        triggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <title type="top-title"><translation>Welcome</translation><translation ↓lang="default">Bienvenue</translation></title>
                </onboarding-screen>
                """),
            RuleExample(
                """
                <onboarding-screen>
                  <title type="top-title"><translation>Welcome</translation><translation ↓lang=" DEFAULT ">Bienvenue</translation></title>
                </onboarding-screen>
                """),
            RuleExample(
                """
                <?xml version="1.0" encoding="utf-8"?><app-definition><translation-mappings ↓default-lang="Default"/><onboarding-screens><onboarding-screen><title type="top-title"><t>Welcome</t></title></onboarding-screen></onboarding-screens></app-definition>
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <?xml version="1.0" encoding="utf-8"?>
                <app-definition>
                  <translation-mappings default-lang="en"><tm id="Button_Skip"><t lang="default">Skip</t></tm><tm id="Button_Next"><t lang="default">Next</t></tm><tm id="Button_Start"><t lang="default">Start</t></tm></translation-mappings>
                  <onboarding-screen>
                    <title type="top-title"><t>Welcome</t></title>
                    <onboarding-screen-image lang="default"><image>a.png</image></onboarding-screen-image>
                  </onboarding-screen>
                </app-definition>
                """, images: ["a.png": .png])
        ])

    func check(_ context: LintContext) -> [Finding] {
        var findings: [Finding] = []
        if let code = context.syntax.defaultLanguage, let position = context.syntax.defaultLanguagePosition,
            AppDefVocabulary.isDefaultKeyword(code)
        {
            findings.append(
                Finding(
                    position: position, message: "default-lang '\(code)' is no language",
                    notes: ["write the language of the default texts, such as 'en'; the carousel page takes it as its lang"]))
        }
        for translation in context.screens.flatMap(\.titles).flatMap(\.translations) {
            guard let lang = translation.attribute(AppDefVocabulary.langAttribute), AppDefVocabulary.isDefaultKeyword(lang.value)
            else { continue }
            findings.append(
                Finding(
                    position: lang.position, message: "lang '\(lang.value)' is no language: 'default' is the key of the default text",
                    notes: [
                        "give the default text as the title's <\(translation.name)> without lang; this one is left out of the build"
                    ]))
        }
        return findings
    }
}
