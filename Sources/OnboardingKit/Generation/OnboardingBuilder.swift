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
        /// The paths of the output folder's files; empty when the build stopped.
        public var writtenFiles: [String]
        /// Whether the output folder already held exactly this output, so nothing was written.
        public var unchanged: Bool = false
        /// Whether the output is in place.
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
        let outcome = try OutputWriter.write(files, to: options.outputDirectory, force: options.force)
        return Result(diagnostics: prepared.diagnostics, writtenFiles: files.map(\.path), unchanged: outcome == .unchanged)
    }

    /// Everything `build` would write, by path, without writing it: for previews and for fuzzing.
    /// `nil` files and the diagnostics when the appDef has errors. Images are looked up as for
    /// a file at `appDefPath`.
    public func render(appDefBytes: [UInt8], appDefPath: String) -> (files: [String: [UInt8]]?, diagnostics: [Diagnostic]) {
        let prepared = prepare(syntax: AppDefReader.read(bytes: appDefBytes, file: appDefPath), appDefPath: appDefPath)
        guard let project = prepared.project, let templates = prepared.templates else { return (nil, prepared.diagnostics) }
        let files = SiteRenderer.render(project, templates: templates, options: options)
        return (Dictionary(files.map { ($0.path, $0.contents) }, uniquingKeysWith: { first, _ in first }), prepared.diagnostics)
    }

    /// The manifest's JSON text, or `nil` and the diagnostics when the appDef has errors.
    public func manifest(appDefPath: String) -> (json: String?, diagnostics: [Diagnostic]) {
        let prepared = prepare(appDefPath: appDefPath, needsTemplates: false)
        return (prepared.project.map { Manifest.json(for: $0).rendered() }, prepared.diagnostics)
    }

    private func prepare(appDefPath: String, needsTemplates: Bool = true)
        -> (project: OnboardingProject?, templates: TemplateSet?, diagnostics: [Diagnostic])
    {
        prepare(syntax: AppDefReader.read(path: appDefPath), appDefPath: appDefPath, needsTemplates: needsTemplates)
    }

    private func prepare(syntax: AppDefSyntax, appDefPath: String, needsTemplates: Bool = true)
        -> (project: OnboardingProject?, templates: TemplateSet?, diagnostics: [Diagnostic])
    {
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
