import AppDefModel

struct EmptyTextRule: Rule {
    static let description = RuleDescription(
        id: "empty-text", category: .text, severity: .warning,
        summary: "A translation is empty or only white space.",
        rationale: "An empty default hides the field; an empty translation shows nothing in that language instead of falling back to the default.",
        triggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <title type="top-title"><translation>Welcome</translation>↓<translation lang="fr">  </translation></title>
                </onboarding-screen>
                """)
        ],
        nonTriggeringExamples: [
            RuleExample("<onboarding-screen><title type=\"top-title\"><translation><![CDATA[Welcome]]></translation></title></onboarding-screen>")
        ])

    func check(_ context: LintContext) -> [Finding] {
        context.screens.flatMap(\.titles).flatMap(\.translations).filter { $0.trimmedText.isEmpty }.map { translation in
            let what = translationLanguage(translation).map { "the '\($0)' translation" } ?? "the default translation"
            return Finding(position: translation.position, message: "\(what) is empty")
        }
    }
}
