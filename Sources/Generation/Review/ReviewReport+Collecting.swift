import AppDefModel

extension ReviewReport {
    /// The review of a read appDef: `diagnostics` are those of its lint and build, and `build`
    /// its project and files when the carousel was built. What the screens mean, their colours
    /// and their translations come from the appDef itself, so a review of an appDef with errors
    /// still shows them beside their screens; what a first visit downloads needs the build.
    package init(syntax: AppDefSyntax, diagnostics: [Diagnostic], build: (project: OnboardingProject, files: [OutputFile])?) {
        let screenSyntax = syntax.screens.enumerated().map { ScreenSyntax(number: $0.offset + 1, element: $0.element) }
        let models = build?.project.screens ?? screenSyntax.map(ScreenModelBuilder.screen(from:))
        let writingSystems = WritingSystems(syntax.interfaceLanguages)
        let languages = ReviewLanguage.languages(
            defaultLanguage: syntax.usableDefaultLanguage, interfaceLanguages: writingSystems.systems.filter(\.enabled).map(\.code),
            screenLanguages: models.languages, isRightToLeft: writingSystems.isRightToLeft)
        let resolver = ScreenColorResolver(palette: ColorPalette(syntax.mainColors))
        let placement = DiagnosticPlacement(diagnostics, screens: syntax.screens, file: syntax.file)
        let costs = build.map { FirstOpenCosts(project: $0.project, files: $0.files) }

        let file = syntax.file
        screens = zip(screenSyntax, models).map { syntax, screen in
            let missing = languages.flatMap { MissingTranslation.of(screen, in: $0) }
            return ScreenReview(
                number: screen.number,
                location: SourceLocation(file: file, line: syntax.element.position.line, column: syntax.element.position.column),
                heading: TextField.allCases.lazy.compactMap { screen.texts[$0]?.defaultText }.first,
                diagnostics: placement.byScreen[syntax.number - 1],
                contrast: ThemeContrast.reviewedThemes.map { ThemeContrast(screen: screen, theme: $0, resolver: resolver) },
                missingTranslations: missing,
                firstOpen: costs.map { costs in
                    languages.map { language in
                        ScreenReview.LanguageCost(
                            language: language,
                            cost: costs.screen(screen, in: language, fallsBack: missing.contains { $0.language == language.code }))
                    }
                } ?? [])
        }
        appDefPath = file
        title = syntax.appName.flatMap { $0.isEmpty ? nil : $0 } ?? "Welcome"
        built = build != nil
        self.languages = languages
        themes = ThemeContrast.reviewedThemes
        generalDiagnostics = placement.rest
        self.diagnostics = diagnostics
        firstOpen = costs?.wholeCarousel(in: languages[0])
    }
}
