import ArgumentParsing
import OnboardingKit

struct BuildCommand: Command {
    static let spec = CommandSpec(
        name: "build",
        abstract: "Compile an appDef's onboarding screens into a carousel, one page per screen, the images and a manifest.",
        discussion: """
            Lints first: on any error nothing is written and the previous output stays as it was. \
            The output folder is replaced as a whole; files in it that sab-onboarding did not write are kept.
            """,
        arguments: [ArgumentSpec("app-def", help: "The appDef file.", completion: .file)],
        options: [.value("out", defaultValue: BuildOptions.defaultOutputDirectory, completion: .directory, help: "The output folder.")]
            + InputOptions.specs + [
                .flag("quiet", help: "Print nothing but problems."),
                .flag("force", help: "Write into a non-empty output folder that sab-onboarding did not create; its files are kept."),
            ])

    let appDef: String
    let outputDirectory: String
    let inputs: InputOptions
    let quiet: Bool
    let force: Bool

    init(_ parsed: ParsedCommand) throws(UsageError) {
        appDef = parsed.requiredArgument("app-def")
        outputDirectory = parsed.valueOrDefault("out")
        inputs = try InputOptions(parsed)
        quiet = parsed.flag("quiet")
        force = parsed.flag("force")
    }

    func run() throws {
        let options = inputs.buildOptions(outputDirectory: outputDirectory, force: force)
        let result: OnboardingBuilder.Result
        do {
            result = try OnboardingBuilder(options: options).build(appDefPath: appDef)
        } catch {
            Terminal.writeToStandardError("sab-onboarding: error: \(error.message)\n")
            throw ExitStatus.failure
        }
        let report = TextReporter(colored: Terminal.standardErrorWantsColor).report(result.diagnostics)
        Terminal.writeToStandardError(report)
        guard result.succeeded else {
            Terminal.writeToStandardError("sab-onboarding: build failed: nothing was written\n")
            throw ExitStatus.failure
        }
        if !quiet {
            let screens = result.writtenFiles.filter { $0.hasPrefix("screens/") }.count
            let state = result.unchanged ? " (unchanged: nothing written)" : ""
            if screens == 0 {
                Terminal.writeToStandardOutput(
                    "Built \(outputDirectory)\(state): \(appDef) has no onboarding screens, so its gate lets the app open and its index.html goes straight on to \(options.startURL)\n")
            } else {
                Terminal.writeToStandardOutput("Built \(screens) screen\(screens == 1 ? "" : "s") into \(outputDirectory)/index.html\(state)\n")
            }
        }
    }
}
