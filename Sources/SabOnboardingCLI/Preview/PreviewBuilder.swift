import OnboardingKit

/// Reads the appDef and renders everything `build` would write, and the review page of it,
/// writing nothing.
struct PreviewBuilder: Sendable {
    /// The appDef's path as the user gave it: diagnostics name it so.
    let appDefPath: String
    let builder: ReviewBuilder

    init(appDefPath: String, options: BuildOptions) {
        self.appDefPath = appDefPath
        self.builder = ReviewBuilder(options: options)
    }

    /// Reads and renders the appDef as it is now.
    func build() -> PreviewBuild {
        guard let bytes = RegularFile.bytes(at: appDefPath) else {
            // What lint says of it, word for word: why it cannot be read (or, when it became
            // readable in between, its problems; the next change renders it).
            let diagnostics = Linter().lint(path: appDefPath)
            return PreviewBuild(files: nil, diagnostics: diagnostics, appDefUnreadable: diagnostics.contains { $0.ruleID == "unreadable-file" })
        }
        // The review page is served at /review/, beside the output at /onboarding/.
        let review = builder.review(appDefBytes: bytes, appDefPath: appDefPath, carouselPath: "../" + ReviewBuilder.carouselFolder + "/")
        return PreviewBuild(files: review.carouselFiles, diagnostics: review.diagnostics, review: review.pageFiles)
    }
}
