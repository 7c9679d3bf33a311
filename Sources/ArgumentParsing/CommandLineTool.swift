/// A command-line tool's interface: its command tree and version, and everything made from
/// them: parsing, help, usage errors, completion scripts and the manual page.
public struct CommandLineTool: Sendable {
    /// The root command; its name is the tool's.
    public let root: CommandSpec
    /// What `--version` prints, such as `sab-onboarding 1.2.0`.
    public let version: String

    /// A tool with this command tree and version line.
    public init(root: CommandSpec, version: String) {
        self.root = root
        self.version = version
    }

    /// What `arguments` (without the program name) ask for, or why they cannot be run.
    public func parse(_ arguments: [String]) throws(UsageError) -> ParseOutcome {
        try CommandLineParser(root: root).parse(arguments)
    }

    /// The full help of the command at the end of `path`.
    public func help(_ path: [CommandSpec]) -> String {
        HelpFormatter(toolName: root.name).help(path)
    }

    /// The text to print on standard error for a usage error.
    public func errorReport(_ error: UsageError) -> String {
        HelpFormatter(toolName: root.name).errorReport(error, path: path(named: error.commandNames))
    }

    /// A completion script for `shell`.
    public func completionScript(for shell: Shell) -> String {
        switch shell {
        case .bash: BashCompletion(root: root).script()
        case .zsh: ZshCompletion(root: root).script()
        case .fish: FishCompletion(root: root).script()
        }
    }

    /// The manual page in mdoc, for section 1.
    public func manualPage() -> String {
        ManualPage(root: root, version: version).text()
    }

    /// Every command that runs (has no subcommands), each as its path from the root.
    public var runnablePaths: [[CommandSpec]] {
        var found: [[CommandSpec]] = []
        var pending: [[CommandSpec]] = [[root]]
        while let path = pending.popLast() {
            let command = path[path.count - 1]
            if command.subcommands.isEmpty { found.append(path) }
            pending += command.subcommands.reversed().map { path + [$0] }
        }
        return found
    }

    /// The commands named by `names`, as far as they exist (the root at least).
    private func path(named names: [String]) -> [CommandSpec] {
        var path = [root]
        for name in names.dropFirst() {
            guard let next = path[path.count - 1].subcommand(named: name) else { break }
            path.append(next)
        }
        return path
    }
}
