import AppDefModel
import Generation
import Linting

/// Makes the review of an appDef: a page that shows every screen in every theme and language
/// (each frame the carousel as it ships) beside what lint found in it, its contrast, its missing
/// translations and what a first visit downloads; and the same as JSON. `build` publishes none
/// of it: the review folder holds its own build of the carousel, in `onboarding/`.
public struct ReviewBuilder: Sendable {
    public var options: BuildOptions

    public init(options: BuildOptions = BuildOptions()) {
        self.options = options
    }

    /// The folder of the review folder that holds the carousel the page frames.
    public static let carouselFolder = OutputNames.reviewCarouselFolder

    /// A review, rendered and not written.
    public struct Review: Sendable {
        /// Lint's and the build's diagnostics, in reading order, and the page's own if it could
        /// not be rendered.
        public var diagnostics: [Diagnostic]
        /// The carousel's files by their path in its folder; `nil` when the appDef or the
        /// templates have errors, so that it could not be built.
        public var carouselFiles: [String: [UInt8]]? {
            carousel.map { files in Dictionary(files.map { ($0.path, $0.contents) }, uniquingKeysWith: { a, _ in a }) }
        }
        /// `review.html`, `review.css` and `review.js` by name; empty when the page could not be
        /// rendered (a `template-error` says why).
        public var pageFiles: [String: [UInt8]] { Dictionary(page.map { ($0.path, $0.contents) }, uniquingKeysWith: { a, _ in a }) }
        /// The counts at the top of the page.
        public var summary: ReviewSummary
        /// The review as JSON (`review --format json`).
        public var json: String { ReviewJSON.json(for: report).rendered() }

        var report: ReviewReport
        var carousel: [OutputFile]?
        var page: [OutputFile]
    }

    /// The review of an appDef held in memory, as if read from `appDefPath` (images and fonts are
    /// looked up beside it). The page's frames show the carousel at `carouselPath`, relative to
    /// the page: `onboarding/` in a review folder.
    public func review(appDefBytes: [UInt8], appDefPath: String, carouselPath: String = ReviewBuilder.carouselFolder + "/") -> Review {
        let syntax = AppDefReader.read(bytes: appDefBytes, file: appDefPath)
        let rendered = OnboardingBuilder(options: options).render(syntax: syntax, appDefPath: appDefPath)
        let build = rendered.project.flatMap { project in rendered.files.map { (project: project, files: $0) } }
        var report = ReviewReport(syntax: syntax, diagnostics: rendered.diagnostics, build: build)
        report.inputFolders = BuildInputs(appDefPath: appDefPath, options: options).folders
        var diagnostics = rendered.diagnostics
        var page: [OutputFile] = []
        do {
            page = try ReviewPage.render(report, carouselPath: carouselPath)
        } catch {
            diagnostics.append(error.diagnostic)
        }
        return Review(diagnostics: diagnostics, summary: ReviewSummary(report), report: report, carousel: build?.files, page: page)
    }

    /// Writes `review` into the folder `directory`, in place, as `build` writes its output
    /// (``OutputWriter``): the page at the top and the carousel in ``carouselFolder``. A folder
    /// that holds another output of the tool (a carousel of `build`) or files the tool did not
    /// write is refused unless `force` is given, and their files are kept. Without a carousel,
    /// the page alone is written (it shows the errors beside their screens) and the previous
    /// carousel goes. Nothing is written when the page could not be rendered. Returns the paths
    /// written.
    @discardableResult
    public static func write(_ review: Review, to directory: String, force: Bool) throws(OutputError) -> [String] {
        guard !review.page.isEmpty else { return [] }
        let carousel = (review.carousel ?? []).map { OutputFile(path: carouselFolder + "/" + $0.path, contents: $0.contents) }
        let files = carousel + review.page
        try OutputWriter.write(files, to: directory, force: force, kind: .review)
        return files.map(\.path)
    }
}

/// The counts at the top of a review.
public struct ReviewSummary: Sendable, Hashable {
    public var screens: Int
    public var languages: Int
    public var themes: Int
    public var errors: Int
    public var warnings: Int
    public var notes: Int
    /// Whether the carousel was built, so that the frames show it.
    public var built: Bool
    /// What a first visit in the default language downloads, and how long it takes on
    /// Lighthouse's mobile network; `nil` when the carousel was not built.
    public var firstOpenBytes: Int?
    public var firstOpenMilliseconds: Int?

    init(_ report: ReviewReport) {
        screens = report.screens.count
        languages = report.languages.count
        themes = report.themes.count
        errors = report.count(.error)
        warnings = report.count(.warning)
        notes = report.count(.note)
        built = report.built
        firstOpenBytes = report.firstOpen?.totalBytes
        firstOpenMilliseconds = report.firstOpen?.milliseconds
    }
}
