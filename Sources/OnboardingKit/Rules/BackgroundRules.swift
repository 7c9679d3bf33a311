// Rules about the <features> of a screen: its background and colours.

struct UnknownFeatureRule: Rule {
    static let description = RuleDescription(
        id: "unknown-feature", severity: .warning,
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

struct UnknownBackgroundModeRule: Rule {
    static let description = RuleDescription(
        id: "unknown-background-mode", severity: .error,
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

struct MissingBackgroundColorRule: Rule {
    static let description = RuleDescription(
        id: "missing-background-color", severity: .error,
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

struct InvalidColorRule: Rule {
    static let description = RuleDescription(
        id: "invalid-color", severity: .error,
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

struct ColorsWithDefaultBackgroundRule: Rule {
    static let description = RuleDescription(
        id: "colors-with-default-background", severity: .warning,
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
