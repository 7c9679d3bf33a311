/// Compiles an appDef's onboarding screens into the carousel, the screen pages, the images and
/// the manifest. Lints first: on any error, nothing is written.
public struct OnboardingBuilder: Sendable {
    public var options: BuildOptions

    public init(options: BuildOptions = BuildOptions()) {
        self.options = options
    }

    /// What a build did.
    public struct Result: Sendable {
        /// Lint and template diagnostics, in reading order.
        public var diagnostics: [Diagnostic]
        /// The paths written inside the output folder; empty when the build stopped.
        public var writtenFiles: [String]
        /// Whether the output was written.
        public var succeeded: Bool { !writtenFiles.isEmpty }
    }

    /// Lints, renders and writes. Throws only when the output cannot be written; problems of
    /// the input are in the result's diagnostics.
    public func build(appDefPath: String) throws(OutputError) -> Result {
        let prepared = prepare(appDefPath: appDefPath)
        guard let project = prepared.project, let templates = prepared.templates else {
            return Result(diagnostics: prepared.diagnostics, writtenFiles: [])
        }
        let files = SiteRenderer.render(project, templates: templates, options: options)
        try OutputWriter.write(files, to: options.outputDirectory)
        return Result(diagnostics: prepared.diagnostics, writtenFiles: files.map(\.path))
    }

    /// The manifest's JSON text, or `nil` and the diagnostics when the appDef has errors.
    public func manifest(appDefPath: String) -> (json: String?, diagnostics: [Diagnostic]) {
        let prepared = prepare(appDefPath: appDefPath, needsTemplates: false)
        return (prepared.project.map { Manifest.json(for: $0).rendered() }, prepared.diagnostics)
    }

    private func prepare(appDefPath: String, needsTemplates: Bool = true)
        -> (project: OnboardingProject?, templates: TemplateSet?, diagnostics: [Diagnostic])
    {
        let syntax = AppDefReader.read(path: appDefPath)
        let folder = ImageFolder(appDefPath: appDefPath, override: options.imagesDirectory)
        let linter = Linter(options: LintOptions(imagesDirectory: options.imagesDirectory, rules: options.rules))
        var diagnostics = linter.lint(syntax, images: folder)
        var templates: TemplateSet?
        if needsTemplates {
            let loaded = TemplateSet.load(overrideFolder: options.templatesDirectory)
            templates = loaded.templates
            diagnostics += loaded.diagnostics
        }
        guard !diagnostics.fails(strict: false) else { return (nil, nil, diagnostics) }
        return (OnboardingProject(syntax: syntax, images: folder), templates, diagnostics)
    }
}
