/// An appDef as read, with what its screens mean: everything a rule may look at for one
/// file, and what the fingerprint of a build hashes. Made once per file for both.
package struct LintContext {
    package let syntax: AppDefSyntax
    package let screens: [ScreenSyntax]
    /// What each screen means, as the build sees it; built once for all rules.
    package let models: [OnboardingScreen]
    /// Every language the screens have text or images in, as the build sees them.
    package let screenLanguages: [String]
    package let images: ImageFolder
    private let fontDrawing: FontDrawingChecks

    package init(syntax: AppDefSyntax, images: ImageFolder) {
        self.syntax = syntax
        self.screens = syntax.screens.enumerated().map { ScreenSyntax(number: $0.offset + 1, element: $0.element) }
        self.models = screens.map(ScreenModelBuilder.screen(from:))
        self.screenLanguages = models.languages
        self.images = images
        self.fontDrawing = FontDrawingChecks(syntax: syntax, screens: models, languages: screenLanguages)
    }

    /// Why the build would not publish each font the carousel uses for what it draws; found on
    /// first use, once for every rule that asks.
    package var fontDrawingProblems: [FontDrawingProblem] {
        fontDrawing.problems
    }

    /// The fonts the carousel uses that lack characters of the texts they are given; found
    /// with ``fontDrawingProblems``.
    package var fontLackedCharacters: [FontLackedCharacters] {
        fontDrawing.lackedCharacters
    }
}
