/// A command line that cannot be run: a missing or unexpected argument, an unknown option, a
/// value out of range. It is reported with the command's usage, and the tool exits with 64
/// (`EX_USAGE`), as sysexits(3) asks.
public struct UsageError: Error, Sendable, Equatable {
    /// The argument or option the error is about, whose help is shown with it.
    public enum Topic: Sendable, Equatable {
        case argument(name: String, help: String)
        case option(name: String, synopsis: String, help: String)

        static func option(_ option: OptionSpec) -> Topic {
            .option(name: option.name, synopsis: option.synopsis, help: option.help)
        }

        static func argument(_ argument: ArgumentSpec) -> Topic {
            .argument(name: argument.name, help: argument.help)
        }
    }

    /// What is wrong, as one sentence.
    public var message: String
    /// The names of the commands from the root to the one whose usage applies.
    public var commandNames: [String]
    /// What the error is about, if one argument or option.
    public var topic: Topic?

    /// An error in the command selected by `path` (the root's alone when empty).
    public init(_ message: String, path: [CommandSpec] = [], topic: Topic? = nil) {
        self.message = message
        self.commandNames = path.map(\.name)
        self.topic = topic
    }

    /// The exit status for a usage error.
    public static let exitStatus: Int32 = 64
}
