package import FontProcessing

/// A font the carousel uses, a font by its structure, with why the build would not publish it
/// for what it draws (see ``FontFileCheck/drawingProblem(at:texts:)``).
package struct FontDrawingProblem {
    package var font: PlannedFont
    package var problem: FontProcessingFailure
}

/// A font the carousel uses that lacks characters of the texts it is given: a browser draws
/// them with another font, when the visitor's device has one.
package struct FontLackedCharacters {
    package var font: PlannedFont
    /// The languages whose texts it is given.
    package var languages: [String]
    /// In the order of their code points.
    package var characters: [Unicode.Scalar]
}

/// What the fonts of one appDef draw, found on first use and kept: three rules report it
/// (`font-not-a-font` what cannot be read, `font-not-published` what draws nothing,
/// `font-lacks-characters` what a font has no glyph for), and each font is read and shaped
/// once for all of them.
package final class FontDrawingChecks {
    private let syntax: AppDefSyntax
    private let screens: [OnboardingScreen]
    private let languages: [String]
    private var found: (problems: [FontDrawingProblem], lacked: [FontLackedCharacters])?

    /// The checks of the fonts of `syntax` for `screens` (whose languages are `languages`),
    /// each font checked with the texts the build checks it with: those of the languages that
    /// use its family. Nothing is read before a rule asks.
    init(syntax: AppDefSyntax, screens: [OnboardingScreen], languages: [String]) {
        (self.syntax, self.screens, self.languages) = (syntax, screens, languages)
    }

    /// Why the build would not publish each font for what it draws.
    var problems: [FontDrawingProblem] { checks.problems }

    /// The fonts without a problem that lack characters of those texts.
    var lackedCharacters: [FontLackedCharacters] { checks.lacked }

    private var checks: (problems: [FontDrawingProblem], lacked: [FontLackedCharacters]) {
        if let found { return found }
        let made = Self.find(syntax: syntax, screens: screens, languages: languages)
        found = made
        return made
    }

    private static func find(
        syntax: AppDefSyntax, screens: [OnboardingScreen], languages: [String]
    ) -> (problems: [FontDrawingProblem], lacked: [FontLackedCharacters]) {
        guard !screens.isEmpty else { return ([], []) }
        let plan = FontPlan(syntax: syntax, screens: screens)
        let fonts = plan.fonts.filter { FontFileCheck.problem(at: $0.path) == nil }
        guard !fonts.isEmpty else { return ([], []) }
        let buttons = ButtonLabelResolver(syntax: syntax).resolve(for: languages).labels
        let text = CarouselText(screens: screens, buttons: buttons, defaultLanguage: syntax.usableDefaultLanguage, appName: syntax.appName)
        var found: (problems: [FontDrawingProblem], lacked: [FontLackedCharacters]) = ([], [])
        for font in fonts {
            let users = plan.languages(using: font.cssFamily)
            // Subset to every character of the carousel, as the build subsets each font.
            switch FontFileCheck.drawing(at: font.path, texts: text.texts(in: users), characters: text.characters, weight: font.numericWeight) {
            case .failure(let problem): found.problems.append(FontDrawingProblem(font: font, problem: problem))
            case .success(let lacked):
                // Only what the pages draw in this font: the digits of a slide label ("1 of 3")
                // are read by screen readers alone, and a Noto script font has no Latin digits.
                let drawn = Set(text.drawnTexts(in: users).flatMap(\.text.unicodeScalars))
                let shown = lacked.filter(drawn.contains)
                if !shown.isEmpty { found.lacked.append(FontLackedCharacters(font: font, languages: users, characters: shown)) }
            }
        }
        return found
    }
}
