/// The command tree flattened for completion scripts: each command with the words that select
/// it, joined by `/` (`""` for the root, `templates/export`).
struct CompletionTree {
    struct Entry {
        let key: String
        let command: CommandSpec
        /// The options offered: the command's own, then those every command has, then for the
        /// root the generation options packagers use.
        let options: [OptionSpec]
    }

    let entries: [Entry]

    init(root: CommandSpec) {
        var entries: [Entry] = []
        func visit(_ command: CommandSpec, key: String) {
            var options = command.options + CommandLineParser.builtInOptions
            if key.isEmpty { options += CommandLineParser.generationOptions }
            entries.append(Entry(key: key, command: command, options: options))
            for subcommand in command.subcommands {
                visit(subcommand, key: Self.key(key, subcommand.name))
            }
        }
        visit(root, key: "")
        self.entries = entries
    }

    /// Every step from a command to a subcommand: the key before, the word, the key after.
    var transitions: [(from: String, word: String, to: String)] {
        entries.flatMap { entry in
            entry.command.subcommands.map { subcommand in
                (entry.key, subcommand.name, Self.key(entry.key, subcommand.name))
            }
        }
    }

    /// The key of the subcommand `name` of the command at `parent`.
    static func key(_ parent: String, _ name: String) -> String {
        parent.isEmpty ? name : parent + "/" + name
    }

    /// Whether an option ends the command line (`--help`, `--version`): nothing is offered
    /// after it.
    static func endsCommandLine(_ option: OptionSpec) -> Bool {
        CommandLineParser.builtInOptions.contains { $0.name == option.name }
    }

    /// What the first positional word of a command is completed with.
    static func argumentCompletion(of command: CommandSpec) -> ValueCompletion {
        command.arguments.first?.completion ?? .none
    }
}
