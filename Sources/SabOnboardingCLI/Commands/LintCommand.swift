import ArgumentParsing
import OnboardingKit

struct LintCommand: Command {
    static let spec = CommandSpec(
        name: "lint",
        abstract: "Check appDef files and print every problem of their onboarding screens.",
        discussion: "Exit status: 0 when no error was found, 1 when any was (with --strict, any warning too).",
        arguments: [ArgumentSpec("files", help: "The appDef files to check.", count: .oneOrMore, completion: .file)],
        options: [
            .value(
                "format", defaultValue: ReportFormat.text.rawValue, allowedValues: ReportFormat.allCases.map(\.rawValue),
                help: "Output format."),
            .flag("strict", help: "Fail on warnings as well as errors."),
            InputOptions.imagesOption(beside: "each appDef"),
        ] + RuleOptions.specs)

    let files: [String]
    let format: ReportFormat
    let strict: Bool
    let images: String?
    let rules: RuleOptions

    init(_ parsed: ParsedCommand) throws(UsageError) {
        files = parsed.arguments("files")
        // The parser accepts only the listed values, so this always finds one.
        format = ReportFormat(rawValue: parsed.valueOrDefault("format")) ?? .text
        strict = parsed.flag("strict")
        images = parsed.value("images")
        rules = try RuleOptions(parsed)
    }

    func run() throws {
        let linter = Linter(options: LintOptions(imagesDirectory: images, rules: rules.selection))
        let diagnostics = linter.lint(paths: files)
        let output = format.reporter(colored: Terminal.standardOutputWantsColor).report(diagnostics)
        Terminal.writeToStandardOutput(output)
        if format == .text {
            Terminal.writeToStandardError(Summary.line(for: diagnostics, fileCount: files.count, strict: strict))
        }
        if diagnostics.fails(strict: strict) { throw ExitStatus.failure }
    }
}
