import AppDefModel

struct MissingBackgroundColorRule: Rule {
    static let description = RuleDescription(
        id: "missing-background-color", category: .background, severity: .error,
        summary: "A custom background without `background-normal`.",
        rationale: "`background-normal` is the colour of the normal theme, the one always used; sepia and dark fall back to it.",
        triggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <title type="top-title"><translation>Welcome</translation></title>
                  <features type="onboarding-screen"><feature name="background" ↓value="custom"/><feature name="background-dark" value="#222"/></features>
                </onboarding-screen>
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <title type="top-title"><translation>Welcome</translation></title>
                  <features type="onboarding-screen"><feature name="background" value="custom"/><feature name="background-normal" value="#80FF65"/></features>
                </onboarding-screen>
                """)
        ])

    func check(_ context: LintContext) -> [Finding] {
        context.screens.compactMap { screen in
            guard let mode = screen.featureValue(.background), mode.value == BackgroundMode.custom.rawValue,
                screen.features(named: .backgroundNormal).isEmpty
            else { return nil }
            return Finding(
                position: mode.position, message: "custom background on screen \(screen.number) has no 'background-normal' colour",
                notes: ["add <feature name=\"background-normal\" value=\"#RRGGBB\"/>"])
        }
    }
}
