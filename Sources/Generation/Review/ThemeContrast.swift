import AppDefModel

/// The contrast of a screen's text and buttons in one theme, with the colours the carousel uses
/// (``ScreenColorResolver``: the palette's, or black or white where a palette colour falls short).
package struct ThemeContrast: Hashable, Sendable {
    /// What is measured against what.
    package enum Part: String, CaseIterable, Sendable {
        /// Titles on the screen's background.
        case title
        /// Subtitles on the screen's background.
        case text
        /// Next, Start and the current dot on the screen's background.
        case button
        /// The words on a button, on the button's colour.
        case buttonText

        /// The name the review page shows.
        var label: String {
            switch self {
            case .title: "Title"
            case .text: "Text"
            case .button: "Button"
            case .buttonText: "Button text"
            }
        }
    }

    /// One part's colours and ratio.
    struct Measure: Hashable, Sendable {
        package var part: Part
        package var color: HexColor
        package var against: HexColor
        /// The WCAG 2 contrast ratio, 1 to 21.
        package var ratio: Double
        /// What WCAG 2.2 AA asks of the part: 4.5 for text, 3 for buttons.
        package var required: Double
        /// The palette colour the carousel did not use because it fell short here.
        package var replaced: Replaced?
    }

    /// A palette colour that fell short: its name (`TextColor`), value and ratio.
    struct Replaced: Hashable, Sendable {
        var name: String
        var color: HexColor
        var ratio: Double
    }

    package var theme: ColorTheme
    package var background: HexColor
    var measures: [Measure]

    /// The screen's contrast in `theme`, measured on the colours the carousel uses.
    package init(screen: OnboardingScreen, theme: ColorTheme, resolver: ScreenColorResolver) {
        let (colors, problems) = resolver.colors(of: screen, theme: theme)
        self.theme = theme
        background = colors.background
        func measure(_ part: Part, _ color: HexColor, on against: HexColor, required: Double, palette name: String?) -> Measure {
            let problem = problems.first { $0.colorName == name }
            return Measure(
                part: part, color: color, against: against, ratio: color.contrastRatio(with: against), required: required,
                replaced: problem.map { Replaced(name: $0.colorName, color: $0.color, ratio: $0.ratio) })
        }
        measures = [
            measure(.title, colors.title, on: colors.background, required: ScreenColorResolver.textContrast, palette: "TitlesColor"),
            measure(.text, colors.text, on: colors.background, required: ScreenColorResolver.textContrast, palette: "TextColor"),
            measure(.button, colors.accent, on: colors.background, required: ScreenColorResolver.componentContrast, palette: "PrimaryColor"),
            measure(.buttonText, colors.onAccent, on: colors.accent, required: ScreenColorResolver.textContrast, palette: nil),
        ]
    }

    /// The themes in the order of the PWA's settings: the light ones, the warm ones, the dark ones.
    static let reviewedThemes: [ColorTheme] = [.normal, .sage, .rose, .sepia, .charcoal, .dark]
}
