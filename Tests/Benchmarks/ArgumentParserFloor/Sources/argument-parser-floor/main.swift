import ArgumentParser

/// The shape of sab-onboarding's command line, with nothing behind it: a root with a version
/// and subcommands, and `lint` with its argument, options and flag.
struct Floor: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "argument-parser-floor", version: "1.0", subcommands: [Lint.self, Build.self])
}

struct Lint: ParsableCommand {
    @Argument(help: "The appDef files to check.") var files: [String]
    @Option(help: "Output format.") var format = "text"
    @Flag(help: "Fail on warnings as well as errors.") var strict = false
    @Option(help: "The folder holding the onboarding images.") var images: String?
    @Option(name: .customLong("disable"), help: "Turn a rule off.") var disabled: [String] = []
    @Option(name: .customLong("enable"), help: "Turn an opt-in rule on.") var enabled: [String] = []

    func run() {}
}

struct Build: ParsableCommand {
    @Argument(help: "The appDef file.") var file: String
    @Option(help: "The output folder.") var output = "build/onboarding"

    func run() {}
}

Floor.main()
