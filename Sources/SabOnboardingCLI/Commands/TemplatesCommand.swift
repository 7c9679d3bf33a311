import ArgumentParser
import OnboardingKit

/// `templates list` and `templates export`; `templates` alone shows its help.
struct TemplatesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "templates",
        abstract: "The built-in templates, to copy and change for build --templates.",
        subcommands: [List.self, Export.self, Context.self]
    )

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "Print the names of the built-in templates.")

        func run() {
            Terminal.writeToStandardOutput(TemplateSet.names.map { $0 + "\n" }.joined())
        }
    }

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write the built-in templates into a folder.",
            discussion: "Change the copies you need, delete the others, and build with --templates DIR: a template missing from DIR stays built-in."
        )

        @Argument(help: "The folder to write them into (created if needed).", completion: .directory)
        var directory: String

        @Flag(help: "Overwrite templates already in the folder.")
        var force = false

        func validate() throws {
            try OptionChecks.refuseEmpty(directory, for: "<directory>")
        }

        func run() throws {
            do {
                let written = try TemplateSet.exportDefaults(to: directory, overwrite: force)
                Terminal.writeToStandardOutput("Wrote \(written.count) templates into \(directory.withControlCharactersShown)\n")
            } catch {
                Terminal.writeToStandardError("sab-onboarding: error: \(error.message)\n")
                throw ExitCode.failure
            }
        }
    }

    struct Context: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "context",
            abstract: "Print the values templates receive, and where each is given."
        )

        @Flag(help: "Print a Markdown list, as in Documentation/Templates.md.")
        var markdown = false

        func run() {
            Terminal.writeToStandardOutput(markdown ? TemplateContextSchema.markdown : TemplateContextSchema.text)
        }
    }
}
