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

    /// Command names and listed values that are not plain words (ASCII letters, digits, `-`,
    /// `_`, `.`), each as a sentence; empty when all are. Completion scripts write these words
    /// unquoted into shell code, where a space, `$`, a quote or a parenthesis would change the
    /// script, so a tool's tests should expect this to be empty.
    public var plainWordProblems: [String] {
        var problems: [String] = []
        func check(_ word: String, _ role: String) {
            let plain = !word.isEmpty && word.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == 0x2D || byte == 0x5F || byte == 0x2E
            }
            if !plain { problems.append("\(role) '\(word)' is not a plain word") }
        }
        var pending = [root]
        while let command = pending.popLast() {
            check(command.name, "the command")
            for option in command.options {
                check(option.name, "the option")
                option.allowedValues.forEach { check($0, "the value of --\(option.name)") }
                if case .values(let values) = option.completion { values.forEach { check($0, "the completion of --\(option.name)") } }
            }
            for argument in command.arguments {
                if case .values(let values) = argument.completion { values.forEach { check($0, "the completion of <\(argument.name)>") } }
            }
            pending += command.subcommands
        }
        return problems
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
