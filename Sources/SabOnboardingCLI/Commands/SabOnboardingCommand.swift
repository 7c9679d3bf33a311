import ArgumentParser
import OnboardingKit

/// The `sab-onboarding` command and its subcommands. Async, so that the library can run
/// `preview`, the one async command, as well as the others.
public struct SabOnboardingCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "sab-onboarding",
        abstract: "Lint the onboarding screens of Scripture App Builder appDef files and compile them into a web carousel.",
        version: "sab-onboarding \(SabOnboardingVersion.current)",
        subcommands: [
            LintCommand.self, BuildCommand.self, PreviewCommand.self, ManifestCommand.self, SchemaCommand.self,
            RulesCommand.self, TemplatesCommand.self,
        ]
    )

    public init() {}
}
