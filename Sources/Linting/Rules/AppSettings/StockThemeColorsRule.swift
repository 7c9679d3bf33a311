import AppDefModel
internal import XMLStreaming

/// A theme whose colours the carousel takes from SAB's stock ones, as the palette gives none.
struct StockThemeColorsRule: Rule {
    static let description = RuleDescription(
        id: "stock-theme-colors", category: .appSettings, severity: .note,
        summary: "The palette gives a theme no colour the carousel uses; SAB's stock colours of that theme are used.",
        rationale: """
            The carousel colours each screen in each theme from <colors type="main">: \
            BackgroundColor for a screen with the default background, TitlesColor, TextColor and \
            PrimaryColor for its text and buttons. Where the palette gives a theme no value of \
            one (some appDefs, as the Wolof Bible's of SAB 13, give only PrimaryColor), the \
            carousel uses the value SAB writes for that theme by default, so that a default \
            screen in Dark is dark as the app is, not white: Sepia's background #e9d8ba, titles \
            #513a24, text #5a4129 and buttons #4e342e; Dark's background #000000, titles and text \
            #e0e0e0, buttons #181818; Normal's text #000000 (its background stays white, as SAB's \
            apps show it; its titles and buttons are each app's own colours). The PWA's Sage, Rose \
            and Charcoal take Normal's, Sepia's and Dark's. A stock colour hard to see on a \
            screen's background is replaced by black or white, as a palette colour is. Give the \
            palette the colours to choose others.
            """,
        triggeringExamples: [
            RuleExample(
                """
                <?xml version="1.0" encoding="utf-8"?>
                <app-definition>
                  ↓<colors type="main">
                    <color name="PrimaryColor"><cm theme="Normal" value="#083F0E"/><cm theme="Sepia" value="#4E342E"/><cm theme="Dark" value="#181818"/></color>
                    <color name="TextColor"><cm theme="Normal" value="#000000"/></color>
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
                  <color-themes><color-theme name="Normal" enabled="true" default="true"/><color-theme name="Dark" enabled="true"/></color-themes>
                  <colors type="main">
                    <color name="BackgroundColor"><cm theme="Normal" value="#F0F0F0"/><cm theme="Dark" value="#121212"/></color>
                    <color name="TitlesColor"><cm theme="Normal" value="#1A237E"/><cm theme="Dark" value="#E0E0E0"/></color>
                    <color name="TextColor"><cm theme="Normal" value="#000000"/><cm theme="Dark" value="#E0E0E0"/></color>
                    <color name="PrimaryColor"><cm theme="Normal" value="#1A237E"/><cm theme="Dark" value="#9FA8DA"/></color>
                  </colors>
                  <onboarding-screen><title type="top-title"><t>Welcome</t></title></onboarding-screen>
                </app-definition>
                """)
        ])

    /// One finding at `<colors type="main">`, with a note for each theme (and the PWA themes that
    /// take its colours) saying which colours are SAB's and their values. Only where the appDef
    /// has that element, as SAB always writes it: an appDef without one is not SAB's (a sample
    /// written by hand), and its screens take the stock colours without a note.
    func check(_ context: LintContext) -> [Finding] {
        guard !context.screens.isEmpty, let colors = context.syntax.mainColors else { return [] }
        let resolver = ScreenColorResolver(palette: ColorPalette(colors))
        let offered = context.syntax.offeredThemes.map(\.base)
        let themes = ColorTheme.allCases.filter { offered.contains($0.base) }
        var notes: [(themes: [ColorTheme], colors: [String])] = []
        for theme in themes {
            let stock = resolver.stockColors(in: theme, screens: context.models).map { name, color in
                let fallsShort =
                    name != "BackgroundColor"
                    && context.models.contains {
                        color.contrastRatio(with: resolver.background(of: $0, theme: theme)) < ScreenColorResolver.requiredContrast(of: name)
                    }
                return "\(name) \(color.css)" + (fallsShort ? " (black or white where it is hard to see)" : "")
            }
            guard !stock.isEmpty else { continue }
            // Sage, Rose and Charcoal go with the theme they take their colours from, when alike.
            if let same = notes.firstIndex(where: { $0.themes.first == theme.base && $0.colors == stock }) {
                notes[same].themes.append(theme)
            } else {
                notes.append(([theme], stock))
            }
        }
        guard !notes.isEmpty else { return [] }
        let named = notes.map(\.themes).map { $0.first!.rawValue }
        return [
            Finding(
                position: colors.position,
                message:
                    "the palette gives no colour for some of what the carousel shows in the \(Self.list(named)) \(named.count == 1 ? "theme" : "themes"): it uses SAB's stock colours there",
                notes: notes.map { note in
                    "\(Self.list(note.themes.map(\.rawValue))): " + note.colors.joined(separator: ", ")
                })
        ]
    }

    /// "a", "a and b", "a, b and c".
    private static func list(_ words: [String]) -> String {
        words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " and " + words.last!
    }
}
