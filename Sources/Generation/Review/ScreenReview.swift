import AppDefModel

/// What the review shows beside one screen.
package struct ScreenReview: Hashable, Sendable {
    package var number: Int
    /// Where its `<onboarding-screen>` starts.
    package var location: SourceLocation
    /// Its first text in the default form (the top title, else the next field given), to name it by.
    package var heading: String?
    /// Lint's diagnostics that point into it, in reading order.
    package var diagnostics: [Diagnostic]
    /// Its contrast in each theme of ``ThemeContrast/reviewedThemes``.
    package var contrast: [ThemeContrast]
    /// Its texts without a translation, language by language, in the review's order of languages.
    var missingTranslations: [MissingTranslation]
    /// What a first visit downloads to see it, in each language of the review (in the review's
    /// order); empty when the carousel was not built.
    package var firstOpen: [LanguageCost]

    /// The first-open cost of a screen in one language.
    package struct LanguageCost: Hashable, Sendable {
        package var language: ReviewLanguage
        package var cost: FirstOpenCost
    }
}

/// Everything the review page and its JSON show.
package struct ReviewReport: Sendable {
    /// The appDef's path as given.
    package var appDefPath: String
    /// The folders of the run's inputs as given (images, fonts, `--templates`): diagnostics name
    /// them, and the page names them as it names files.
    package var inputFolders: [String] = []
    /// The app's name, else `Welcome`, as the carousel's title.
    var title: String
    /// Whether the carousel was built, so the frames can show it; not when the appDef or the
    /// templates have errors.
    package var built: Bool
    package var languages: [ReviewLanguage]
    package var themes: [ColorTheme]
    package var screens: [ScreenReview]
    /// Diagnostics that point into no screen: the appDef as a whole, or another file.
    var generalDiagnostics: [Diagnostic]
    /// Every diagnostic of the run, for the counts.
    package var diagnostics: [Diagnostic]
    /// What a first visit in the default language downloads: the page, every screen's image
    /// (the carousel fetches them one after another) and the default language's fonts; `nil`
    /// when the carousel was not built.
    package var firstOpen: FirstOpenCost?

    /// How many diagnostics have `severity`.
    package func count(_ severity: Severity) -> Int {
        diagnostics.filter { $0.severity == severity }.count
    }
}
