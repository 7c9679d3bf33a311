import AppDefModel

struct InvalidColorRule: Rule {
    static let description = RuleDescription(
        id: "invalid-color", category: .background, severity: .error,
        summary: "A background colour is not #RGB, #RRGGBB or #AARRGGBB.",
        rationale: "Colours go into the carousel's CSS; only these strict forms are accepted, so that no other text can reach a style sheet.",
        triggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <title type="top-title"><translation>Welcome</translation></title>
                  <features type="onboarding-screen"><feature name="background" value="custom"/><feature name="background-normal" ↓value="red;}body{display:none"/></features>
                </onboarding-screen>
                """),
            RuleExample(
                """
                <onboarding-screen>
                  <title type="top-title"><translation>Welcome</translation></title>
                  <features type="onboarding-screen"><feature name="background" value="custom"/><feature name="background-normal" ↓value="80FF65"/></features>
                </onboarding-screen>
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <title type="top-title"><translation>Welcome</translation></title>
                  <features type="onboarding-screen"><feature name="background" value="custom"/><feature name="background-normal" value="#8f6"/><feature name="background-sepia" value="#75EC68"/><feature name="background-dark" value="#FF222222"/></features>
                </onboarding-screen>
                """)
        ],
        isSafetyRule: true)

    func check(_ context: LintContext) -> [Finding] {
        context.screens.flatMap { screen in
            ScreenFeature.colorFeatures.flatMap(screen.features(named:)).compactMap { feature in
                guard let value = feature.attribute(AppDefVocabulary.valueAttribute), HexColor(appDefValue: value.value) == nil
                else { return nil }
                return Finding(
                    position: value.position, message: "'\(value.value)' is not a colour",
                    notes: ["write #RGB, #RRGGBB or #AARRGGBB, for example #80FF65"])
            }
        }
    }
}
