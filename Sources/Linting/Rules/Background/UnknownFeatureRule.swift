import AppDefModel

struct UnknownFeatureRule: Rule {
    static let description = RuleDescription(
        id: "unknown-feature", category: .background, severity: .warning,
        summary: "A feature name that onboarding screens do not have; it is ignored.",
        rationale: "A screen's features are background, background-normal, background-sepia, background-dark and image-max-height.",
        triggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <title type="top-title"><translation>Welcome</translation></title>
                  <features type="onboarding-screen"><feature ↓name="background-colour" value="#fff"/></features>
                </onboarding-screen>
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <title type="top-title"><translation>Welcome</translation></title>
                  <features type="onboarding-screen"><e name="background" value="default"/></features>
                </onboarding-screen>
                """)
        ])

    func check(_ context: LintContext) -> [Finding] {
        context.screens.flatMap(\.features).compactMap { feature in
            guard let name = feature.attribute(AppDefVocabulary.nameAttribute),
                ScreenFeature(rawValue: name.value) == nil
            else { return nil }
            return Finding(
                position: name.position, message: "unknown feature '\(name.value)' is ignored",
                notes: ["the features are " + ScreenFeature.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")])
        }
    }
}
