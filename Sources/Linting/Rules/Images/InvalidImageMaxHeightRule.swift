import AppDefModel

struct InvalidImageMaxHeightRule: Rule {
    static let description = RuleDescription(
        id: "invalid-image-max-height", category: .images, severity: .error,
        summary: "`image-max-height` is not a whole number from 1 to 100.",
        rationale: "It is the largest share of the screen's height, in percent, that the image may take.",
        triggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <onboarding-screen-image lang="default"><image>a.png</image></onboarding-screen-image>
                  <features type="onboarding-screen"><feature name="image-max-height" ↓value="45%"/></features>
                </onboarding-screen>
                """, images: ["a.png": .png])
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
        context.screens.compactMap { screen in
            guard let value = screen.featureValue(.imageMaxHeight), ImageMaxHeight.percent(value.value) == nil else { return nil }
            return Finding(position: value.position, message: "image-max-height '\(value.value)' is not a whole number from 1 to 100")
        }
    }

}
