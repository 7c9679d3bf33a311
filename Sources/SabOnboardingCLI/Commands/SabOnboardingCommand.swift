import ArgumentParser
import OnboardingKit

/// The `sab-onboarding` command and its subcommands. Async, as the library asks of a root with
/// an async subcommand (`preview`); `runCommandLine` runs the others without starting Swift
/// concurrency.
public struct SabOnboardingCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "sab-onboarding",
        abstract: "Lint the onboarding screens of Scripture App Builder appDef files and compile them into a web carousel.",
        version: "sab-onboarding \(SabOnboardingVersion.current)",
        subcommands: [
            LintCommand.self, BuildCommand.self, PreviewCommand.self, ReviewCommand.self, ManifestCommand.self, SchemaCommand.self,
            RulesCommand.self, TemplatesCommand.self,
        ]
    )

    public init() {}
}
