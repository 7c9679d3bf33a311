import ArgumentParsing
import OnboardingKit

struct ManifestCommand: Command {
    static let spec = CommandSpec(
        name: "manifest",
        abstract: "Print the manifest JSON of an appDef's onboarding screens (the onboarding.json of build).",
        arguments: [ArgumentSpec("app-def", help: "The appDef file.", completion: .file)],
        options: [InputOptions.imagesOption(beside: "the appDef")])

    let appDef: String
    let images: String?

    init(_ parsed: ParsedCommand) throws(UsageError) {
        appDef = parsed.requiredArgument("app-def")
        images = parsed.value("images")
    }

    func run() throws {
        let (json, diagnostics) = OnboardingBuilder(options: BuildOptions(imagesDirectory: images)).manifest(appDefPath: appDef)
        Terminal.writeToStandardError(TextReporter(colored: Terminal.standardErrorWantsColor).report(diagnostics))
        guard let json else { throw ExitStatus.failure }
        Terminal.writeToStandardOutput(json)
    }
}

struct SchemaCommand: Command {
    static let spec = CommandSpec(name: "schema", abstract: "Print the JSON Schema (draft 2020-12) of the manifest.")

    init(_ parsed: ParsedCommand) {}

    func run() {
        Terminal.writeToStandardOutput(ManifestSchema.text)
    }
}
