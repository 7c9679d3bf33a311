import ArgumentParser
import OnboardingKit

extension ReportFormat: ExpressibleByArgument {}

struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check appDef files and print every problem of their onboarding screens.",
        discussion: "Exit status: 0 when no error was found, 1 when any was (with --strict, any warning too)."
    )

    @Argument(help: "The appDef files to check.")
    var files: [String]

    @Option(help: "Output format: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: ReportFormat = .text

    @Flag(help: "Fail on warnings as well as errors.")
    var strict = false

    @Option(help: "The folder holding the onboarding images (default: images/onboarding beside each appDef).")
    var images: String?

    @OptionGroup var rules: RuleOptions

    func validate() throws {
        if files.isEmpty { throw ValidationError("give at least one appDef file to check") }
    }

    func run() throws {
        let linter = Linter(options: LintOptions(imagesDirectory: images, rules: try rules.selection()))
        let diagnostics = linter.lint(paths: files)
        let output = format.reporter(colored: Terminal.standardOutputWantsColor).report(diagnostics)
        Terminal.writeToStandardOutput(output)
        if format == .text {
            Terminal.writeToStandardError(Summary.line(for: diagnostics, fileCount: files.count, strict: strict))
        }
        if diagnostics.fails(strict: strict) { throw ExitCode(1) }
    }
}
