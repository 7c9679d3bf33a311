import ArgumentParsing
import OnboardingKit

/// The `sab-onboarding` command line: its command tree and which type runs each command.
public enum SabOnboardingCommand {
    /// The tool's commands, help and version.
    static let tool = CommandLineTool(
        root: CommandSpec(
            name: "sab-onboarding",
            abstract: "Lint the onboarding screens of Scripture App Builder appDef files and compile them into a web carousel.",
            subcommands: [
                LintCommand.spec, BuildCommand.spec, PreviewCommand.spec, ManifestCommand.spec, SchemaCommand.spec,
                RulesCommand.spec, TemplatesCommand.spec,
            ]),
        version: "sab-onboarding \(SabOnboardingVersion.current)")

    /// A type that runs a command.
    enum Runner {
        case sync(any Command.Type)
        case async(any AsyncCommand.Type)
    }

    /// The type that runs the command selected by `words`, for every runnable command in `tool`.
    static func runner(for words: [String]) -> Runner? {
        switch words {
        case ["lint"]: .sync(LintCommand.self)
        case ["build"]: .sync(BuildCommand.self)
        case ["preview"]: .async(PreviewCommand.self)
        case ["manifest"]: .sync(ManifestCommand.self)
        case ["schema"]: .sync(SchemaCommand.self)
        case ["rules"]: .sync(RulesCommand.self)
        case ["templates", "list"]: .sync(TemplatesCommand.List.self)
        case ["templates", "export"]: .sync(TemplatesCommand.Export.self)
        default: nil
        }
    }
}
