import AppDefModel
internal import FontProcessing

extension LintContext {
    /// Each font the carousel uses that is a font by its structure, with why the build would not
    /// publish it for what it draws (see ``FontFileCheck/drawingProblem(at:texts:)``): checked
    /// with the texts the build checks it with, those of the languages that use its family.
    var fontDrawingProblems: [(font: PlannedFont, problem: FontProcessingFailure)] {
        guard !screens.isEmpty else { return [] }
        let plan = FontPlan(syntax: syntax, screens: models)
        let fonts = plan.fonts.filter { FontFileCheck.problem(at: $0.path) == nil }
        guard !fonts.isEmpty else { return [] }
        let buttons = ButtonLabelResolver(syntax: syntax).resolve(for: screenLanguages).labels
        let text = CarouselText(screens: models, buttons: buttons, defaultLanguage: syntax.usableDefaultLanguage, appName: syntax.appName)
        return fonts.compactMap { font in
            FontFileCheck.drawingProblem(at: font.path, texts: text.texts(in: plan.languages(using: font.cssFamily))).map { (font, $0) }
        }
    }
}
