import ArgumentParser
import OnboardingKit

/// `sab-onboarding review`: a folder with a page showing every screen in every theme and
/// language, beside what lint found, for the people who sign the screens off.
struct ReviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "review",
        abstract: "Write a page showing every screen in every theme and language, beside what lint found in it.",
        discussion: """
            Writes review.html into the output folder, and the carousel it frames into its \
            onboarding/ folder (a build of its own: build never writes anything of the review). The \
            page shows a grid of frames, a row per screen and a column per theme (Normal, Sage, Rose, \
            Sepia, Charcoal, Dark), each the real carousel at that screen, with pickers for the language \
            (every interface language and the default; right-to-left ones right to left) and the size \
            (phone, phone with text at 200%, landscape, tablet). Beside each screen: lint's diagnostics \
            for it, the contrast of its text and buttons in each theme, its missing translations and \
            what a first visit downloads to see it. The folder opens from disk or any web server; \
            preview serves the same page at /review/.

            Diagnostics go to standard error as build prints them. When the appDef has errors, the \
            carousel cannot be built: the page is still written, with the errors beside the screens \
            they concern and no frames, and the exit status is 1. --format json prints the summary \
            and the per-screen data to standard output, for CI.

            As with build, a non-empty folder that sab-onboarding did not write, or that holds a \
            build's carousel rather than a review, is refused unless --force is given.
            """
    )

    /// What the command prints to standard output.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        /// One line saying where the page is.
        case text
        /// The review's summary and per-screen data.
        case json
    }

    @Argument(help: "The appDef file.", completion: .file())
    var appDef: String

    @Option(name: .customLong("out"), help: "The review folder.", completion: .directory)
    var outputDirectory = "build/review"

    @Option(help: "What to print: a line saying where the page is, or the review as JSON.")
    var format: Format = .text

    @OptionGroup var inputs: InputOptions

    @Flag(help: "Write into a non-empty folder that is not a review sab-onboarding wrote; files it did not write are kept.")
    var force = false

    func validate() throws {
        try OptionChecks.refuseRepeated(["out", "format"])
        try OptionChecks.refuseEmpty(outputDirectory, for: "--out <out>")
    }

    func run() throws {
        let options = try inputs.buildOptions(outputDirectory: outputDirectory, force: force)
        guard let bytes = RegularFile.bytes(at: appDef) else {
            // What lint says of it: why it cannot be read.
            let diagnostics = Linter(options: LintOptions(imagesDirectory: options.imagesDirectory, rules: options.rules)).lint(path: appDef)
            Terminal.writeToStandardError(TextReporter(colored: Terminal.standardErrorWantsColor).report(diagnostics))
            Terminal.writeToStandardError("sab-onboarding: review failed: nothing was written\n")
            throw ExitCode.failure
        }
        let review = ReviewBuilder(options: options).review(appDefBytes: bytes, appDefPath: appDef)
        Terminal.writeToStandardError(TextReporter(colored: Terminal.standardErrorWantsColor).report(review.diagnostics))
        let written: [String]
        do {
            written = try ReviewBuilder.write(review, to: outputDirectory, force: force)
        } catch {
            Terminal.writeToStandardError("sab-onboarding: error: \(error.message)\n")
            throw ExitCode.failure
        }
        guard !written.isEmpty else {
            Terminal.writeToStandardError("sab-onboarding: review failed: nothing was written\n")
            throw ExitCode.failure
        }
        switch format {
        case .json:
            Terminal.writeToStandardOutput(review.json)
        case .text:
            Terminal.writeToStandardOutput(Self.line(review.summary, page: outputDirectory + "/review.html"))
        }
        if review.summary.errors > 0 { throw ExitCode.failure }
    }

    /// `Wrote the review of 4 screens in 3 languages and 6 themes into out/review.html`, and why
    /// the frames are missing when the carousel was not built.
    static func line(_ summary: ReviewSummary, page: String) -> String {
        let screens = "\(summary.screens) screen\(summary.screens == 1 ? "" : "s")"
        let languages = "\(summary.languages) language\(summary.languages == 1 ? "" : "s")"
        let line = "Wrote the review of \(screens) in \(languages) and \(summary.themes) themes into \(page.withControlCharactersShown)"
        guard summary.built else {
            let errors = "\(summary.errors) error\(summary.errors == 1 ? "" : "s")"
            return line + ": the carousel was not built (\(errors)); the page shows the problems beside their screens\n"
        }
        return line + "\n"
    }
}
