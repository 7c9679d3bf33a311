/// The colours of one screen in one theme, readable by construction.
package struct ThemeColors: Hashable {
    package var background: HexColor
    /// Titles.
    package var title: HexColor
    /// Subtitles.
    package var text: HexColor
    /// Next and Start, the current dot and the focus ring.
    package var accent: HexColor
    /// The words on an accent-coloured button.
    package var onAccent: HexColor
}

/// A palette colour that would be hard to read on a screen, and what is used instead.
package struct ContrastProblem: Hashable {
    package var screen: Int
    package var theme: ColorTheme
    /// The palette colour: TitlesColor, TextColor or PrimaryColor.
    package var colorName: String
    package var color: HexColor
    package var background: HexColor
    package var ratio: Double
    package var required: Double
    package var replacement: HexColor
}

/// Chooses each screen's colours in each theme from its background and the app's palette.
///
/// Backgrounds: a custom one as the appDef gives it (sepia and dark fall back to normal; Sage,
/// Rose and Charcoal, which screens do not name, take Normal's, Sepia's and Dark's); the default
/// one white in the normal theme, as SAB's apps show it, and the app's own `BackgroundColor` in
/// the others (a theme without one of its own takes its base theme's background, and a base
/// theme without one SAB's stock colour, ``StockColors``). Text: `TitlesColor` and `TextColor`
/// when they reach WCAG AA's 4.5:1 on that background, and `PrimaryColor` for buttons, the
/// current dot and the focus ring when it reaches 3:1; otherwise black or white, whichever
/// contrasts more. A palette colour the appDef gives no value for in a theme is SAB's stock one
/// there, where it has one; a stock colour that falls short is replaced without a
/// ``ContrastProblem``, as no author chose it (the `stock-theme-colors` note says it is used).
package struct ScreenColorResolver {
    package static let textContrast = 4.5
    package static let componentContrast = 3.0

    /// The contrast a palette colour needs on its background: PrimaryColor, for buttons, dots
    /// and the focus ring, 3:1; the text colours 4.5:1.
    package static func requiredContrast(of name: String) -> Double {
        name == "PrimaryColor" ? componentContrast : textContrast
    }

    package let palette: ColorPalette

    package init(palette: ColorPalette) {
        self.palette = palette
    }

    package func background(of screen: OnboardingScreen, theme: ColorTheme) -> HexColor {
        let custom = screen.background
        if custom.mode == .custom, let normal = custom.normal {
            switch theme.base {
            case .sepia: return custom.sepia ?? normal
            case .dark: return custom.dark ?? normal
            default: return normal
            }
        }
        return defaultBackground(theme: theme)
    }

    private func defaultBackground(theme: ColorTheme) -> HexColor {
        guard theme != .normal else { return .white }
        if palette.hasOwnValue("BackgroundColor", theme: theme), case .success(let color)? = palette.resolve("BackgroundColor", theme: theme) {
            return color.overWhite
        }
        return theme.base == theme ? StockColors.color("BackgroundColor", theme: theme) ?? .white : defaultBackground(theme: theme.base)
    }

    /// The palette colours the carousel takes from ``StockColors`` in `theme`, with their stock
    /// values, in the order BackgroundColor, TitlesColor, TextColor, PrimaryColor: those the
    /// palette gives no value for there (nor in its base theme). BackgroundColor only where a
    /// screen of `screens` has the default background, outside the normal theme (white there).
    package func stockColors(in theme: ColorTheme, screens: [OnboardingScreen]) -> [(name: String, color: HexColor)] {
        let backgroundFromStock =
            theme != .normal && screens.contains { $0.background.mode != .custom || $0.background.normal == nil }
            && ![theme, theme.base].contains { palette.hasOwnValue("BackgroundColor", theme: $0) }
        let names =
            (backgroundFromStock ? ["BackgroundColor"] : [])
            + ["TitlesColor", "TextColor", "PrimaryColor"].filter {
                palette.resolve($0, theme: theme) == nil
            }
        return names.compactMap { name in StockColors.color(name, theme: theme).map { (name, $0) } }
    }

    package func colors(of screen: OnboardingScreen, theme: ColorTheme) -> (colors: ThemeColors, problems: [ContrastProblem]) {
        let background = background(of: screen, theme: theme)
        let fallback = background.readableText
        var problems: [ContrastProblem] = []
        func pick(_ name: String, required: Double, otherwise: HexColor) -> HexColor {
            let resolved = palette.resolve(name, theme: theme)
            if resolved == nil, let stock = StockColors.color(name, theme: theme) {
                return stock.contrastRatio(with: background) >= required ? stock : otherwise
            }
            guard case .success(let color)? = resolved else { return otherwise }
            let ratio = color.contrastRatio(with: background)
            guard ratio < required else { return color }
            problems.append(
                ContrastProblem(
                    screen: screen.number, theme: theme, colorName: name, color: color, background: background,
                    ratio: ratio, required: required, replacement: otherwise))
            return otherwise
        }
        let text = pick("TextColor", required: Self.textContrast, otherwise: fallback)
        let title = pick("TitlesColor", required: Self.textContrast, otherwise: text)
        let accent = pick("PrimaryColor", required: Self.componentContrast, otherwise: fallback)
        let colors = ThemeColors(background: background, title: title, text: text, accent: accent, onAccent: accent.readableText)
        return (colors, problems)
    }
}
