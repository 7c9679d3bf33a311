import ArgumentParser
import OnboardingKit

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Compile an appDef's onboarding screens into a carousel, one page per screen, the images and a manifest.",
        discussion: """
            Lints first: on any error nothing is written and the previous output stays as it was. \
            The build writes only its own files, in place, pages last; files in the output folder that \
            sab-onboarding did not write are never touched.
            """
    )

    @Argument(help: "The appDef file.", completion: .file())
    var appDef: String

    @Option(name: .customLong("out"), help: "The output folder.", completion: .directory)
    var outputDirectory = BuildOptions.defaultOutputDirectory

    @OptionGroup var inputs: InputOptions

    @Flag(help: "Print nothing but problems.")
    var quiet = false

    @Flag(help: "Write into a non-empty output folder that sab-onboarding did not create; its files are kept.")
    var force = false

    func validate() throws {
        try OptionChecks.refuseRepeated(["out"])
        try OptionChecks.refuseEmpty(outputDirectory, for: "--out <out>")
    }

    func run() throws {
        let options = try inputs.buildOptions(outputDirectory: outputDirectory, force: force)
        let result: OnboardingBuilder.Result
        do {
            result = try OnboardingBuilder(options: options).build(appDefPath: appDef)
        } catch {
            Terminal.writeToStandardError("sab-onboarding: error: \(error.message)\n")
            throw ExitCode.failure
        }
        let report = TextReporter(colored: Terminal.standardErrorWantsColor).report(result.diagnostics)
        Terminal.writeToStandardError(report)
        guard result.succeeded else {
            Terminal.writeToStandardError("sab-onboarding: build failed: nothing was written\n")
            throw ExitCode.failure
        }
        if !quiet {
            let screens = result.writtenFiles.filter { $0.hasPrefix("screens/") }.count
            let (images, fonts) = (result.images, result.fonts)
            var work: [String] = []
            if images.made + images.reused > 0 { work.append("images: \(images.made) encoded, \(images.reused) reused from the cache") }
            if !fonts.isEmpty { work.append("fonts: " + fonts.summary) }
            let state = result.unchanged ? " (unchanged: nothing written)" : work.isEmpty ? "" : " (\(work.joined(separator: "; ")))"
            // Paths as the diagnostics show them: no raw control character or undecodable byte.
            let outputDirectory = outputDirectory.withControlCharactersShown
            let appDef = appDef.withControlCharactersShown
            if screens == 0 {
                Terminal.writeToStandardOutput(
                    "Built \(outputDirectory)\(state): \(appDef) has no onboarding screens, so its gate lets the app open and its index.html goes straight on to \(options.startURL.withControlCharactersShown)\n"
                )
            } else {
                Terminal.writeToStandardOutput("Built \(screens) screen\(screens == 1 ? "" : "s") into \(outputDirectory)/index.html\(state)\n")
            }
        }
    }
}
