import AppDefModel

struct ColorsWithDefaultBackgroundRule: Rule {
    static let description = RuleDescription(
        id: "colors-with-default-background", category: .background, severity: .warning,
        summary: "Background colours are given but the background is `default`, so they are ignored.",
        rationale: "Colours only apply with `background` set to `custom`; with `default` (or no background feature) the screen is white.",
        triggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <title type="top-title"><translation>Welcome</translation></title>
                  <features type="onboarding-screen"><feature name="background" value="default"/><feature ↓name="background-normal" value="#80FF65"/></features>
                </onboarding-screen>
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <title type="top-title"><translation>Welcome</translation></title>
                  <features type="onboarding-screen"><feature name="background" value="default"/></features>
                </onboarding-screen>
                """)
        ])

    func check(_ context: LintContext) -> [Finding] {
        context.screens.flatMap { screen -> [Finding] in
            let mode = screen.featureValue(.background)?.value ?? BackgroundMode.default.rawValue
            guard mode == BackgroundMode.default.rawValue else { return [] }
            return ScreenFeature.colorFeatures.flatMap(screen.features(named:)).map { feature in
                Finding(
                    position: feature.attribute(AppDefVocabulary.nameAttribute)?.position ?? feature.position,
                    message:
                        "'\(feature.attribute(AppDefVocabulary.nameAttribute)?.value ?? "")' is ignored: the background of screen \(screen.number) is 'default'",
                    notes: ["set <feature name=\"background\" value=\"custom\"/> to use it"])
            }
        }
    }
}
