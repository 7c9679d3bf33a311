import AppDefModel
import Generation
import Linting

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
        /// Whether the pages were rendered: not when the output's record showed it current.
        var rendered = true
        /// The images made smaller for the web, and those whose sizes came from the cache.
        public var images = ImagePublisher.Work()
        /// The fonts subset and compressed, and those that came from the cache.
        public var fonts = FontPublisher.Work()
        /// Whether the output is in place.
        public var succeeded: Bool { !writtenFiles.isEmpty }
    }

    /// Lints, renders and writes. Throws only when the output cannot be written; problems of
    /// the input are in the result's diagnostics.
    ///
    /// When lint passes and the output folder's record holds this input's fingerprint
    /// (``InputFingerprint``) and its files are as the cache noted them, the build stops there:
    /// nothing is rendered and the output is not written. (The first such rebuild after a write
    /// reads the files back once and notes the cache again; see ``OutputCache``.)
    public func build(appDefPath: String) throws(OutputError) -> Result {
        // Hashed before lint reads it: see InputFingerprint on edits racing a build.
        let appDefDigest = InputFingerprint.appDefDigest(at: appDefPath)
        let syntax = AppDefReader.read(path: appDefPath)
        let folder = ImageFolder(appDefPath: appDefPath, override: options.imagesDirectory)
        let context = LintContext(syntax: syntax, images: folder)
        let lintDiagnostics = linter.lint(context)
        var fingerprint: InputFingerprint?
        if !lintDiagnostics.fails(strict: false), let inputs = fingerprintOfInputs(appDefDigest: appDefDigest, lint: context) {
            if let files = OutputWriter.currentFiles(in: options.outputDirectory, fingerprint: inputs.fingerprint) {
                return Result(diagnostics: lintDiagnostics + inputs.templateDiagnostics, writtenFiles: files, unchanged: true, rendered: false)
            }
            fingerprint = inputs.fingerprint
        }
        let prepared = prepare(syntax: syntax, images: folder, lintDiagnostics: lintDiagnostics)
        guard let project = prepared.project, let templates = prepared.templates else {
            return Result(diagnostics: prepared.diagnostics, writtenFiles: [])
        }
        let files: [OutputFile]
        do {
            files = try SiteRenderer.render(project, templates: templates, options: options)
        } catch {
            return Result(diagnostics: prepared.diagnostics + [error.diagnostic], writtenFiles: [])
        }
        let outcome = try OutputWriter.write(files, to: options.outputDirectory, force: options.force, fingerprint: fingerprint)
        return Result(
            diagnostics: prepared.diagnostics, writtenFiles: files.map(\.path), unchanged: outcome == .unchanged, images: prepared.images,
            fonts: prepared.fonts)
    }

    /// Everything `build` would write, by path, without writing it: for previews and for fuzzing.
    /// `nil` files and the diagnostics when the appDef has errors. Images are looked up as for
    /// a file at `appDefPath`.
    public func render(appDefBytes: [UInt8], appDefPath: String) -> (files: [String: [UInt8]]?, diagnostics: [Diagnostic]) {
        let rendered = render(syntax: AppDefReader.read(bytes: appDefBytes, file: appDefPath), appDefPath: appDefPath)
        return (
            rendered.files.map { files in Dictionary(files.map { ($0.path, $0.contents) }, uniquingKeysWith: { first, _ in first }) },
            rendered.diagnostics
        )
    }

    /// Everything `build` would write of a read appDef, and the project it was rendered from;
    /// both `nil`, and the diagnostics, when the appDef or the templates have errors.
    func render(syntax: AppDefSyntax, appDefPath: String) -> (project: OnboardingProject?, files: [OutputFile]?, diagnostics: [Diagnostic]) {
        let prepared = prepare(syntax: syntax, appDefPath: appDefPath)
        guard let project = prepared.project, let templates = prepared.templates else { return (nil, nil, prepared.diagnostics) }
        do {
            return (project, try SiteRenderer.render(project, templates: templates, options: options), prepared.diagnostics)
        } catch {
            return (nil, nil, prepared.diagnostics + [error.diagnostic])
        }
    }

    /// The manifest's JSON text, or `nil` and the diagnostics when the appDef has errors.
    public func manifest(appDefPath: String) -> (json: String?, diagnostics: [Diagnostic]) {
        let prepared = prepare(appDefPath: appDefPath, needsTemplates: false)
        return (prepared.project.map { Manifest.json(for: $0).rendered() }, prepared.diagnostics)
    }

    /// The fingerprint of a build whose lint passed, and the problems of reading its templates
    /// (the same `build` reports when it loads them). `nil` when those fail, or the appDef could
    /// not be hashed: the build then goes on in full and its record holds no fingerprint.
    private func fingerprintOfInputs(appDefDigest: UInt64?, lint context: LintContext)
        -> (fingerprint: InputFingerprint, templateDiagnostics: [Diagnostic])?
    {
        guard let appDefDigest else { return nil }
        let templates = TemplateSet.sources(overrideFolder: options.templatesDirectory)
        guard !templates.diagnostics.fails(strict: false) else { return nil }
        let fingerprint = InputFingerprint(appDefDigest: appDefDigest, lint: context, templates: templates.sources, options: options)
        return (fingerprint, templates.diagnostics)
    }

    /// A project ready to render, or the diagnostics that stop it.
    private struct Prepared {
        var project: OnboardingProject?
        var templates: TemplateSet?
        var diagnostics: [Diagnostic]
        var images = ImagePublisher.Work()
        var fonts = FontPublisher.Work()
    }

    private var linter: Linter {
        Linter(options: LintOptions(imagesDirectory: options.imagesDirectory, rules: options.rules))
    }

    private func prepare(appDefPath: String, needsTemplates: Bool = true)
        -> Prepared
    {
        prepare(syntax: AppDefReader.read(path: appDefPath), appDefPath: appDefPath, needsTemplates: needsTemplates)
    }

    private func prepare(syntax: AppDefSyntax, appDefPath: String, needsTemplates: Bool = true)
        -> Prepared
    {
        let folder = ImageFolder(appDefPath: appDefPath, override: options.imagesDirectory)
        return prepare(syntax: syntax, images: folder, lintDiagnostics: linter.lint(syntax, images: folder), needsTemplates: needsTemplates)
    }

    /// Loads the templates and builds the project of a linted appDef; `nil` for both when the
    /// lint or the templates have an error.
    private func prepare(syntax: AppDefSyntax, images folder: ImageFolder, lintDiagnostics: [Diagnostic], needsTemplates: Bool = true)
        -> Prepared
    {
        var diagnostics = lintDiagnostics
        var templates: TemplateSet?
        if needsTemplates {
            let loaded = TemplateSet.load(overrideFolder: options.templatesDirectory)
            templates = loaded.templates
            diagnostics += loaded.diagnostics
        }
        guard !diagnostics.fails(strict: false) else { return Prepared(diagnostics: diagnostics) }
        // Decided before either publisher looks at a cache or the key: see CacheAccess.
        let cacheRefusal = CacheAccess.refusal(for: options.outputDirectory)
        let published = ImagePublisher.publish(
            OnboardingProject(syntax: syntax, images: folder), options: options,
            cacheFolder: cacheRefusal == nil ? ImageVariantCache.folder : nil, cacheRefusal: cacheRefusal)
        diagnostics += published.diagnostics
        // Notes (a cached image made again) do not stop the build; an image not made does.
        guard !published.diagnostics.fails(strict: false) else { return Prepared(diagnostics: diagnostics) }
        // Fonts only for pages: the manifest names none.
        guard needsTemplates else { return Prepared(project: published.project, templates: templates, diagnostics: diagnostics, images: published.work) }
        let fonts = FontPublisher.publish(
            published.project, cacheFolder: cacheRefusal == nil ? WebFontCache.folder : nil, cacheRefusal: cacheRefusal)
        diagnostics += fonts.diagnostics
        guard !fonts.diagnostics.fails(strict: false) else { return Prepared(diagnostics: diagnostics) }
        return Prepared(project: fonts.project, templates: templates, diagnostics: diagnostics, images: published.work, fonts: fonts.work)
    }
}
