import ArgumentParser
import OnboardingKit

extension ReportFormat: ExpressibleByArgument {}

struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check appDef files and print every problem of their onboarding screens.",
        discussion: "Exit status: 0 when no error was found, 1 when any was (with --strict, any warning too)."
    )

    @Argument(help: "The appDef files to check.", completion: .file())
    var files: [String]

    @Option(help: "Output format.")
    var format: ReportFormat = .text

    @Flag(help: "Fail on warnings as well as errors.")
    var strict = false

    @Option(help: InputOptions.imagesHelp(beside: "each appDef"), completion: .directory)
    var images: String?

    @OptionGroup var rules: RuleOptions

    func validate() throws {
        try OptionChecks.refuseRepeated(["format", "images"])
        try OptionChecks.refuseEmpty(images, for: "--images <images>")
    }

    func run() throws {
        AllocatorTuning.keepFreedHeapMemory()
        let linter = Linter(options: LintOptions(imagesDirectory: images, rules: try rules.selection()))
        let diagnostics = linter.lint(paths: files)
        let output = format.reporter(colored: Terminal.standardOutputWantsColor).report(diagnostics)
        Terminal.writeToStandardOutput(output)
        if format == .text {
            Terminal.writeToStandardError(Summary.line(for: diagnostics, fileCount: files.count, strict: strict))
        }
        if diagnostics.fails(strict: strict) { throw ExitCode.failure }
    }
}
