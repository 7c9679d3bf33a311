import OnboardingKit

/// Reads the appDef and renders everything `build` would write, writing nothing.
struct PreviewBuilder: Sendable {
    /// The appDef's path as the user gave it: diagnostics name it so.
    let appDefPath: String
    let builder: OnboardingBuilder

    init(appDefPath: String, options: BuildOptions) {
        self.appDefPath = appDefPath
        self.builder = OnboardingBuilder(options: options)
    }

    /// Reads and renders the appDef as it is now.
    func build() -> PreviewBuild {
        guard let bytes = RegularFile.bytes(at: appDefPath) else {
            // What lint says of it, word for word: why it cannot be read (or, when it became
            // readable in between, its problems; the next change renders it).
            let diagnostics = Linter().lint(path: appDefPath)
            return PreviewBuild(files: nil, diagnostics: diagnostics, appDefUnreadable: diagnostics.contains { $0.ruleID == "unreadable-file" })
        }
        let rendered = builder.render(appDefBytes: bytes, appDefPath: appDefPath)
        return PreviewBuild(files: rendered.files, diagnostics: rendered.diagnostics)
    }
}
