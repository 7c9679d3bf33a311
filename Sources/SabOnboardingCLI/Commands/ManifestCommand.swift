import ArgumentParser
import OnboardingKit

struct ManifestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "manifest",
        abstract: "Print the manifest JSON of an appDef's onboarding screens (the onboarding.json of build)."
    )

    @Argument(help: "The appDef file.", completion: .file())
    var appDef: String

    @Option(help: InputOptions.imagesHelp(beside: "the appDef"), completion: .directory)
    var images: String?

    @OptionGroup var imageOptions: ImageOptions

    func validate() throws {
        try OptionChecks.refuseRepeated(["images"])
        try OptionChecks.refuseEmpty(images, for: "--images <images>")
    }

    func run() throws {
        let (json, diagnostics) = OnboardingBuilder(options: imageOptions.applied(to: BuildOptions(imagesDirectory: images))).manifest(appDefPath: appDef)
        Terminal.writeToStandardError(TextReporter(colored: Terminal.standardErrorWantsColor).report(diagnostics))
        guard let json else { throw ExitCode.failure }
        Terminal.writeToStandardOutput(json)
    }
}

struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema (draft 2020-12) of the manifest."
    )

    func run() {
        Terminal.writeToStandardOutput(ManifestSchema.text)
    }
}
