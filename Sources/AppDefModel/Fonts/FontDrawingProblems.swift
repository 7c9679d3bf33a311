package import FontProcessing

/// A font the carousel uses, a font by its structure, with why the build would not publish it
/// for what it draws (see ``FontFileCheck/drawingProblem(at:texts:)``).
package struct FontDrawingProblem {
    package var font: PlannedFont
    package var problem: FontProcessingFailure
}

/// The fonts' drawing problems of one appDef, found on first use and kept: two rules report
/// them (`font-not-a-font` what cannot be read, `font-not-published` what draws nothing), and
/// each font is read and shaped once for both.
package final class FontDrawingChecks {
    private var found: [FontDrawingProblem]?

    init() {}

    /// The problems of the fonts of `syntax` for `screens` (whose languages are `languages`),
    /// checked with the texts the build checks each with: those of the languages that use its
    /// family.
    func problems(syntax: AppDefSyntax, screens: [OnboardingScreen], languages: [String]) -> [FontDrawingProblem] {
        if let found { return found }
        let made = Self.find(syntax: syntax, screens: screens, languages: languages)
        found = made
        return made
    }

    private static func find(syntax: AppDefSyntax, screens: [OnboardingScreen], languages: [String]) -> [FontDrawingProblem] {
        guard !screens.isEmpty else { return [] }
        let plan = FontPlan(syntax: syntax, screens: screens)
        let fonts = plan.fonts.filter { FontFileCheck.problem(at: $0.path) == nil }
        guard !fonts.isEmpty else { return [] }
        let buttons = ButtonLabelResolver(syntax: syntax).resolve(for: languages).labels
        let text = CarouselText(screens: screens, buttons: buttons, defaultLanguage: syntax.usableDefaultLanguage, appName: syntax.appName)
        return fonts.compactMap { font in
            FontFileCheck.drawingProblem(at: font.path, texts: text.texts(in: plan.languages(using: font.cssFamily))).map {
                FontDrawingProblem(font: font, problem: $0)
            }
        }
    }
}
