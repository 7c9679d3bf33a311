import AppDefModel

struct MissingDefaultTranslationRule: Rule {
    static let description = RuleDescription(
        id: "missing-default-translation", category: .text, severity: .error,
        summary: "A title has no translation without `lang`: the default text.",
        rationale: "The first <translation> of a title, without `lang`, is the text shown when no other language matches. SAB always writes it.",
        triggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  ↓<title type="top-title"><translation lang="fr">Bienvenue</translation></title>
                </onboarding-screen>
                """),
            RuleExample(
                """
                <onboarding-screen>
                  ↓<title type="top-title">Welcome</title>
                </onboarding-screen>
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(
                "<onboarding-screen><title type=\"top-title\"><translation>Welcome</translation><translation lang=\"fr\">Bienvenue</translation></title></onboarding-screen>"
            )
        ])

    func check(_ context: LintContext) -> [Finding] {
        context.screens.flatMap(\.titles).compactMap { title in
            guard !title.translations.contains(where: { translationLanguage($0) == nil }) else { return nil }
            // Speak the file's own form: the PWA export writes <t>.
            let tag = title.translations.first?.name ?? "translation"
            var notes = ["add <\(tag)>text</\(tag)>, without lang, as the title's first entry"]
            if !title.trimmedText.isEmpty {
                notes.insert("text written directly inside <title> is ignored: put it in a <\(tag)>", at: 0)
            }
            let type = title.attribute(AppDefVocabulary.typeAttribute)?.value ?? "title"
            return Finding(position: title.position, message: "\(type) has no default translation", notes: notes)
        }
    }
}
