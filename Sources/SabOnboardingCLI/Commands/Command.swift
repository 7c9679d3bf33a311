import ArgumentParsing

/// A command that runs synchronously: reads its values from the parsed command line, then runs.
/// Usage errors found in the values are thrown by `init`, before anything runs.
protocol Command {
    /// What the command accepts and says about itself.
    static var spec: CommandSpec { get }
    init(_ parsed: ParsedCommand) throws(UsageError)
    func run() throws
}

/// A command that needs Swift concurrency (`preview`); the others never start it, which would
/// cost start-up time.
protocol AsyncCommand: Sendable {
    /// What the command accepts and says about itself.
    static var spec: CommandSpec { get }
    init(_ parsed: ParsedCommand) throws(UsageError)
    func run() async throws
}

/// Ends a command with an exit status; what went wrong has already been printed.
struct ExitStatus: Error {
    let code: Int32

    /// The status of a command that found problems or could not do its work.
    static let failure = ExitStatus(code: 1)
}
