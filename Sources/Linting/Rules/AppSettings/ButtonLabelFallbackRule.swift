import AppDefModel

struct ButtonLabelFallbackRule: Rule {
    static let description = RuleDescription(
        id: "button-label-fallback", category: .appSettings, severity: .note,
        summary: "The default language or a language of the screens has no Skip, Next or Start words in the appDef's translation mappings.",
        rationale: """
            The carousel's buttons take their words from the Button_Skip, Button_Next and Button_Start \
            translation mappings. For a language they lack, it uses its own words for the common SAB \
            interface languages, else the default text. The default text is the default language's \
            words: where the default language has none and is not among the common ones, it is \
            English, which is a warning (many older SAB projects have no Button_Next at all, and \
            Wolof or Kirundi apps no words of their own). Add the translations in SAB to choose the words.
            """,
        triggeringExamples: [
            RuleExample(
                """
                <?xml version="1.0" encoding="utf-8"?>
                <app-definition>
                  ↓<translation-mappings default-lang="en">
                    <tm id="Button_Skip"><t lang="en">Skip</t><t lang="fr">Passer</t></tm>
                    <tm id="Button_Next"><t lang="en">Next</t></tm>
                    <tm id="Button_Start"><t lang="en">Start</t><t lang="fr">Commencer</t></tm>
                  </translation-mappings>
                  <onboarding-screen>
                    <title type="top-title"><t>Welcome</t><t lang="fr">Bienvenue</t></title>
                  </onboarding-screen>
                </app-definition>
                """),
            RuleExample(
                """
                <?xml version="1.0" encoding="utf-8"?>
                <app-definition>
                  ↓<translation-mappings default-lang="wol">
                    <translation-mapping id="Button_Skip"><translation lang="en">Skip</translation></translation-mapping>
                  </translation-mappings>
                  <onboarding-screen>
                    <title type="top-title"><translation>Dalal ak jàmm</translation></title>
                  </onboarding-screen>
                </app-definition>
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <?xml version="1.0" encoding="utf-8"?>
                <app-definition>
                  <translation-mappings default-lang="en">
                    <tm id="Button_Skip"><t lang="en">Skip</t><t lang="fr">Passer</t></tm>
                    <tm id="Button_Next"><t lang="en">Next</t><t lang="fr">Suivant</t></tm>
                    <tm id="Button_Start"><t lang="en">Start</t><t lang="fr">Commencer</t></tm>
                  </translation-mappings>
                  <onboarding-screen>
                    <title type="top-title"><t>Welcome</t><t lang="fr">Bienvenue</t></title>
                  </onboarding-screen>
                </app-definition>
                """)
        ])

    func check(_ context: LintContext) -> [Finding] {
        guard !context.screens.isEmpty else { return [] }
        let languages = context.screenLanguages
        let fallbacks = ButtonLabelResolver(syntax: context.syntax).resolve(for: languages).fallbacks
        let position = context.syntax.translationMappingsPosition ?? context.syntax.root?.position ?? .start
        return fallbacks.map { fallback in
            let names = fallback.buttons.map { $0.replacing("Button_", with: "") }.joined(separator: ", ")
            let ids = fallback.buttons.map { "'\($0)'" }.joined(separator: ", ")
            let verb = fallback.buttons.count == 1 ? "uses" : "use"
            guard fallback.isDefaultLanguage else {
                let source = fallback.fromTable ? "the tool's own words" : "the default text"
                return Finding(position: position, message: "'\(fallback.language)' has no \(ids) translation: \(names) \(verb) \(source)")
            }
            // The default language's words are what every reader without a better match sees:
            // English words in, say, a Wolof app are worth a warning.
            let message = "'\(fallback.language)', the default language, has no \(ids) translation: \(names) \(verb) "
            guard !fallback.fromTable else { return Finding(position: position, message: message + "the tool's own words") }
            return Finding(
                position: position, message: message + "English words",
                notes: ["readers of every language without words of its own see them; add the translations in SAB"],
                severity: .warning)
        }
    }
}
