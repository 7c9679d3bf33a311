internal import XMLStreaming

/// A check over one appDef file. Each rule lives in its own file with its description.
protocol Rule: Sendable {
    static var description: RuleDescription { get }
    /// Every problem of this rule's kind in the file.
    func check(_ context: LintContext) -> [Finding]
}

/// One problem a rule found, before the linter attaches the rule id and file.
struct Finding {
    var position: SourcePosition
    var message: String
    var notes: [String] = []
    /// Set when this finding is less serious than the rule's default (libxml2's warnings).
    var severity: Severity?
}

/// Everything a rule may look at for one file.
struct LintContext {
    let syntax: AppDefSyntax
    let screens: [ScreenSyntax]
    /// What each screen means, as the build sees it; built once for all rules.
    let models: [OnboardingScreen]
    /// Every language the screens have text or images in, as the build sees them.
    let screenLanguages: [String]
    let images: ImageFolder

    init(syntax: AppDefSyntax, images: ImageFolder) {
        self.syntax = syntax
        self.screens = syntax.screens.enumerated().map { ScreenSyntax(number: $0.offset + 1, element: $0.element) }
        self.models = screens.map(ScreenModelBuilder.screen(from:))
        self.screenLanguages = models.languages
        self.images = images
    }
}
