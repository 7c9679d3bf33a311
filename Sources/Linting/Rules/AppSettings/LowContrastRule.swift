import AppDefModel

struct LowContrastRule: Rule {
    static let description = RuleDescription(
        id: "low-contrast", category: .appSettings, severity: .warning,
        summary: "A palette colour would be hard to see on a screen's background; black or white is used instead.",
        rationale: """
            Titles and text need a contrast of 4.5:1 with their background (WCAG 2.2 AA); buttons, \
            the current dot and the focus ring 3:1. Where the app's TitlesColor, TextColor or \
            PrimaryColor falls short on a screen in a theme, the carousel uses black or white, \
            whichever contrasts more. Text colours that fall short are a warning; a PrimaryColor \
            that falls short only a note (many apps' dark-theme PrimaryColor is near black). \
            Choose another background for the screen, or other palette colours.
            """,
        triggeringExamples: [
            RuleExample(
                """
                <?xml version="1.0" encoding="utf-8"?>
                <app-definition>
                  <colors type="main">
                    <color name="TextColor"><cm theme="Normal" value="#777777"/></color>
                  </colors>
                  <onboarding-screen>
                    <title type="top-title"><t>Welcome</t></title>
                    <features type="onboarding-screen"><e name="background" ↓value="custom"/><e name="background-normal" value="#808080"/></features>
                  </onboarding-screen>
                </app-definition>
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <?xml version="1.0" encoding="utf-8"?>
                <app-definition>
                  <color-themes><color-theme name="Normal" enabled="true"/><color-theme name="Dark" enabled="true"/></color-themes>
                  <colors type="main">
                    <color name="TextColor"><cm theme="Normal" value="#000000"/><cm theme="Dark" value="#E0E0E0"/></color>
                    <color name="TitlesColor"><cm theme="Dark" value="#FFFFFF"/></color>
                    <color name="PrimaryColor"><cm theme="Dark" value="#BB86FC"/></color>
                    <color name="BackgroundColor"><cm theme="Dark" value="#000000"/></color>
                  </colors>
                  <onboarding-screen>
                    <title type="top-title"><t>Welcome</t></title>
                  </onboarding-screen>
                </app-definition>
                """)
        ])

    /// One finding per screen and theme, naming every colour that falls short there.
    func check(_ context: LintContext) -> [Finding] {
        let resolver = ScreenColorResolver(palette: ColorPalette(context.syntax.mainColors))
        let themes = context.syntax.offeredThemes
        return zip(context.screens, context.models).flatMap { syntax, screen in
            themes.compactMap { theme -> Finding? in
                let problems = resolver.colors(of: screen, theme: theme).problems
                guard let first = problems.first else { return nil }
                let position = syntax.featureValue(.background)?.position ?? syntax.element.position
                let colours = problems.map { problem in
                    "\(problem.colorName) \(problem.color.css) (\(ContrastRatio.twoDecimals(problem.ratio)):1, needs \(problem.required == 3 ? "3" : "4.5"):1)"
                }
                // Text that would be hard to read is worth a warning; a button or dot colour that
                // falls short (as every app's dark-theme PrimaryColor does on black) only a note.
                let textFallsShort = problems.contains { $0.required == ScreenColorResolver.textContrast }
                return Finding(
                    position: position,
                    message: "screen \(screen.number), \(theme.rawValue) theme: \(colours.joined(separator: ", ")) on the background \(first.background.css)",
                    notes: problems.map { "\($0.colorName): the carousel uses \($0.replacement == .black ? "black" : "white") instead" },
                    severity: textFallsShort ? nil : .note)
            }
        }
    }
}
