import AppDefModel

struct EmptyScreenRule: Rule {
    static let description = RuleDescription(
        id: "empty-screen", category: .structure, severity: .warning,
        summary: "A screen has no text and no image.",
        rationale: "A screen without any title, subtitle or image shows only its background and buttons. Add content or remove the screen.",
        triggeringExamples: [
            RuleExample(
                """
                ↓<onboarding-screen>
                  <features type="onboarding-screen"><feature name="background" value="default"/></features>
                </onboarding-screen>
                """)
        ],
        nonTriggeringExamples: [
            RuleExample("<onboarding-screen><title type=\"top-title\"><translation>Welcome</translation></title></onboarding-screen>")
        ])

    func check(_ context: LintContext) -> [Finding] {
        context.screens.filter { $0.titles.isEmpty && !$0.hasImage }.map {
            Finding(position: $0.element.position, message: "screen \($0.number) has no text and no image")
        }
    }
}
