import ArgumentParsing
import OnboardingKit

/// `templates list` and `templates export`.
enum TemplatesCommand {
    static let spec = CommandSpec(
        name: "templates",
        abstract: "The built-in templates, to copy and change for build --templates.",
        subcommands: [List.spec, Export.spec])

    struct List: Command {
        static let spec = CommandSpec(name: "list", abstract: "Print the names of the built-in templates.")

        init(_ parsed: ParsedCommand) {}

        func run() {
            Terminal.writeToStandardOutput(TemplateSet.names.map { $0 + "\n" }.joined())
        }
    }

    struct Export: Command {
        static let spec = CommandSpec(
            name: "export",
            abstract: "Write the built-in templates into a folder.",
            discussion: "Change the copies you need, delete the others, and build with --templates DIR: a template missing from DIR stays built-in.",
            arguments: [ArgumentSpec("directory", help: "The folder to write them into (created if needed).", completion: .directory)],
            options: [.flag("force", help: "Overwrite templates already in the folder.")])

        let directory: String
        let force: Bool

        init(_ parsed: ParsedCommand) {
            directory = parsed.requiredArgument("directory")
            force = parsed.flag("force")
        }

        func run() throws {
            do {
                let written = try TemplateSet.exportDefaults(to: directory, overwrite: force)
                Terminal.writeToStandardOutput("Wrote \(written.count) templates into \(directory)\n")
            } catch {
                Terminal.writeToStandardError("sab-onboarding: error: \(error.message)\n")
                throw ExitStatus.failure
            }
        }
    }
}
