import AppDefModel

struct ImageMaxHeightWithoutImageRule: Rule {
    static let description = RuleDescription(
        id: "image-max-height-without-image", category: .images, severity: .warning,
        summary: "`image-max-height` on a screen that has no image.",
        rationale: "Without an image the text takes the whole screen and the setting does nothing.",
        triggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <title type="top-title"><translation>Welcome</translation></title>
                  <features type="onboarding-screen"><feature ↓name="image-max-height" value="45"/></features>
                </onboarding-screen>
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <onboarding-screen-image lang="default"><image>a.png</image></onboarding-screen-image>
                  <features type="onboarding-screen"><feature name="image-max-height" value="45"/></features>
                </onboarding-screen>
                """, images: ["a.png": .png])
        ])

    func check(_ context: LintContext) -> [Finding] {
        context.screens.filter { !$0.hasImage }.flatMap { screen in
            screen.features(named: .imageMaxHeight).map {
                Finding(
                    position: $0.attribute(AppDefVocabulary.nameAttribute)?.position ?? $0.position,
                    message: "image-max-height does nothing: screen \(screen.number) has no image")
            }
        }
    }
}
