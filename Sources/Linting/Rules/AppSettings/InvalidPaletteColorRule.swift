import AppDefModel

/// The palette colours the carousel uses.
let carouselPaletteColors = ["TitlesColor", "TextColor", "PrimaryColor", "BackgroundColor"]

struct InvalidPaletteColorRule: Rule {
    static let description = RuleDescription(
        id: "invalid-palette-color", category: .appSettings, severity: .warning,
        summary: "A palette colour the carousel uses names no colour, or names colours in a circle.",
        rationale:
            "In <colors type=\"main\">, a value is #RRGGBB or the name of another colour. TitlesColor, TextColor, PrimaryColor and BackgroundColor must lead to a colour; otherwise the carousel uses black or white.",
        triggeringExamples: [
            RuleExample(
                """
                <?xml version="1.0" encoding="utf-8"?>
                <app-definition>
                  <colors type="main">
                    <color name="PrimaryColor"><cm theme="Normal" value="AccentColor"/></color>
                    <color name="AccentColor"><cm theme="Normal" ↓value="PrimaryColor"/></color>
                  </colors>
                  <onboarding-screen><title type="top-title"><t>Welcome</t></title></onboarding-screen>
                </app-definition>
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <?xml version="1.0" encoding="utf-8"?>
                <app-definition>
                  <color-themes><color-theme name="Normal" enabled="true"/></color-themes>
                  <colors type="main">
                    <color name="PrimaryColor"><cm theme="Normal" value="#BF360C"/></color>
                    <color name="TitlesColor"><cm theme="Normal" value="PrimaryColor"/></color>
                    <color name="TextColor"><cm theme="Normal" value="#000000"/></color>
                  </colors>
                  <onboarding-screen><title type="top-title"><t>Welcome</t></title></onboarding-screen>
                </app-definition>
                """)
        ])

    func check(_ context: LintContext) -> [Finding] {
        guard !context.screens.isEmpty else { return [] }
        let palette = ColorPalette(context.syntax.mainColors)
        var findings: [Finding] = []
        var reported: Set<String> = []
        for name in carouselPaletteColors {
            for theme in context.syntax.offeredThemes {
                guard case .failure(let problem)? = palette.resolve(name, theme: theme) else { continue }
                let message: String
                let at: String
                switch problem {
                case .cycle(let chain):
                    message = "the \(theme.rawValue) colours " + chain.joined(separator: " → ") + " name each other in a circle"
                    at = chain[chain.count - 2]
                case .unknownName(let unknown):
                    message = "\(name) (\(theme.rawValue)) names '\(unknown)', which is no colour of the palette"
                    at = name
                case .notAColor(let value):
                    message = "\(name) (\(theme.rawValue)) is '\(value)', which is not a colour"
                    at = name
                }
                guard reported.insert(message).inserted, let position = palette.position(of: at, theme: theme) else { continue }
                findings.append(Finding(position: position, message: message, notes: ["the carousel uses black or white instead"]))
            }
        }
        return findings
    }
}
