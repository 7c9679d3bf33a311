import AppDefModel

struct MissingImagePathRule: Rule {
    static let description = RuleDescription(
        id: "missing-image-path", category: .images, severity: .error,
        summary: "An image block without an <image> path.",
        rationale: "<onboarding-screen-image> names its file in <image>; without one there is nothing to show.",
        triggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <onboarding-screen-image lang="default">↓<image>  </image></onboarding-screen-image>
                </onboarding-screen>
                """),
            RuleExample(
                """
                <onboarding-screen>
                  ↓<onboarding-screen-image lang="default"/>
                </onboarding-screen>
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <onboarding-screen-image lang="default"><image>/Users/me/Pictures/a.png</image></onboarding-screen-image>
                </onboarding-screen>
                """, images: ["a.png": .png])
        ])

    func check(_ context: LintContext) -> [Finding] {
        context.screens.flatMap(\.imageBlocks).compactMap { block in
            guard let image = block.children(named: AppDefVocabulary.image).first else {
                return Finding(position: block.position, message: "image block has no <image>")
            }
            guard image.trimmedText.isEmpty else { return nil }
            return Finding(position: image.position, message: "<image> has no path")
        }
    }
}
