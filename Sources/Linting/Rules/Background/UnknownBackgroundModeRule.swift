import AppDefModel

struct UnknownBackgroundModeRule: Rule {
    static let description = RuleDescription(
        id: "unknown-background-mode", category: .background, severity: .error,
        summary: "The `background` feature is neither `default` nor `custom`.",
        rationale: "`default` is white; `custom` takes the colours of background-normal, -sepia and -dark.",
        triggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <title type="top-title"><translation>Welcome</translation></title>
                  <features type="onboarding-screen"><feature name="background" ↓value="green"/></features>
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
            guard let mode = screen.featureValue(.background), BackgroundMode(rawValue: mode.value) == nil else { return nil }
            var notes = ["the modes are 'default' (white) and 'custom'"]
            if let meant = BackgroundMode(rawValue: mode.value.trimmingWhitespace.lowercased()) {
                notes.insert("did you mean '\(meant.rawValue)'? the value is case-sensitive", at: 0)
            }
            return Finding(position: mode.position, message: "unknown background mode '\(mode.value)'", notes: notes)
        }
    }
}
