/// What a command line asks for.
public enum ParseOutcome: Sendable {
    /// Run the selected command with these values.
    case run(ParsedCommand)
    /// Print the help of the command at the end of `path` (`--help`, `help lint`, or a command
    /// that only groups subcommands given none).
    case help(path: [CommandSpec])
    /// Print the version.
    case version
    /// Print a completion script for a shell (`--generate-completion-script bash`).
    case completionScript(Shell)
    /// Print the manual page (`--generate-manual`).
    case manualPage
}

/// Turns the words of a command line into a `ParseOutcome`, without reflection or generic
/// metadata: a tool's start-up should not pay for its parser.
///
/// The conventions are the usual ones: options after their command, in any order among the
/// arguments; `--name value` or `--name=value`; `--` ends the options; `-h`/`--help` and
/// `--version` work on every command.
struct CommandLineParser {
    let root: CommandSpec

    /// Options every command understands; shown in every help.
    static let builtInOptions: [OptionSpec] = [
        .flag("version", help: "Show the version."),
        .flag("help", shortName: "h", help: "Show help information."),
    ]

    /// Root options that print files for packagers; left out of help.
    static let generationOptions: [OptionSpec] = [
        .value(
            "generate-completion-script", valueName: "shell", allowedValues: Shell.allCases.map(\.rawValue),
            help: "Print a completion script for bash, zsh or fish."),
        .flag("generate-manual", help: "Print the manual page (mdoc)."),
    ]

    func parse(_ words: [String]) throws(UsageError) -> ParseOutcome {
        // Help and the version come before any error, as users expect: `lint --format xml
        // --help` explains --format instead of refusing xml.
        let optionWords = words.prefix { $0 != "--" }
        if optionWords.contains("-h") || optionWords.contains("--help") { return .help(path: commandPath(of: words)) }
        if optionWords.contains("--version") { return .version }
        return try parseCommand(words)
    }

    /// The commands that words select, as far as they name subcommands; `help` before them is
    /// passed over, since `help lint --help` asks for the help of lint too.
    private func commandPath(of words: [String]) -> [CommandSpec] {
        var path = [root]
        var commandWords = words.prefix { $0 != "--" }.filter { !$0.hasPrefix("-") }[...]
        if commandWords.first == "help" { commandWords = commandWords.dropFirst() }
        for word in commandWords {
            guard let next = path[path.count - 1].subcommand(named: word) else { break }
            path.append(next)
        }
        return path
    }

    private func parseCommand(_ words: [String]) throws(UsageError) -> ParseOutcome {
        var path = [root]
        var command = root
        var positionals: [String] = []
        var optionValues: [String: [String]] = [:]
        var givenFlags: Set<String> = []
        var optionsEnded = false
        var index = 0

        while index < words.count {
            let word = words[index]
            index += 1
            if optionsEnded || word == "-" || !word.hasPrefix("-") {
                if !command.subcommands.isEmpty && positionals.isEmpty {
                    if path.count == 1 && word == "help" {
                        return .help(path: try helpPath(Array(words[index...])))
                    }
                    guard let subcommand = command.subcommand(named: word) else {
                        throw unknownCommand(word, in: path)
                    }
                    path.append(subcommand)
                    command = subcommand
                    continue
                }
                positionals.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            guard word.hasPrefix("--") else {
                throw UsageError("Unknown option '\(word)'", path: path)
            }
            let (name, attached) = Self.split(word)
            if let builtIn = Self.builtInOptions.first(where: { $0.name == name }) {
                // Only `--help=...` or `--version=...` get here: the plain words were taken above.
                throw UsageError("The flag '--\(name)' takes no value", path: path, topic: .option(builtIn))
            }
            if path.count == 1, let generation = Self.generationOptions.first(where: { $0.name == name }) {
                return try generationOutcome(generation, attached: attached, words: words, index: &index)
            }
            guard let option = command.option(named: name) else {
                throw unknownOption(word, name: name, in: path)
            }
            guard option.takesValue else {
                if attached != nil {
                    throw UsageError("The flag '--\(name)' takes no value", path: path, topic: .option(option))
                }
                givenFlags.insert(name)
                continue
            }
            let value = try Self.value(of: option, attached: attached, words: words, index: &index, path: path)
            if option.isRepeatable {
                optionValues[name, default: []].append(value)
            } else {
                optionValues[name] = [value]
            }
        }

        if !command.subcommands.isEmpty { return .help(path: path) }
        let argumentValues = try Self.assign(positionals, to: command.arguments, path: path)
        return .run(ParsedCommand(path: path, optionValues: optionValues, givenFlags: givenFlags, argumentValues: argumentValues))
    }

    /// `--generate-manual` or `--generate-completion-script SHELL`, alone on the command line.
    private func generationOutcome(
        _ option: OptionSpec, attached: String?, words: [String], index: inout Int
    ) throws(UsageError) -> ParseOutcome {
        let outcome: ParseOutcome
        if option.takesValue {
            let value = try Self.value(of: option, attached: attached, words: words, index: &index, path: [root])
            guard let shell = Shell(rawValue: value) else { throw UsageError("No shell '\(value)'", path: [root]) }
            outcome = .completionScript(shell)
        } else if attached != nil {
            throw UsageError("The flag '--\(option.name)' takes no value", path: [root], topic: .option(option))
        } else {
            outcome = .manualPage
        }
        if index < words.count { throw UsageError("Unexpected argument '\(words[index])'", path: [root]) }
        return outcome
    }

    /// `--name=value` as its name and value; `--name` as its name alone. Split at the byte, so
    /// that a combining mark after `=` stays part of the value.
    private static func split(_ word: String) -> (name: String, value: String?) {
        let body = word.utf8.dropFirst(2)
        guard let equals = body.firstIndex(of: UInt8(ascii: "=")) else { return (String(Substring(body)), nil) }
        return (String(Substring(body[..<equals])), String(Substring(body[body.index(after: equals)...])))
    }

    /// The value of an option: attached with `=`, or the next word unless that looks like an
    /// option (`--out --force` is a forgotten value, not a folder named `--force`; such a
    /// value can still be given as `--out=--force`).
    private static func value(
        of option: OptionSpec, attached: String?, words: [String], index: inout Int, path: [CommandSpec]
    ) throws(UsageError) -> String {
        let value: String
        if let attached {
            value = attached
        } else if index < words.count, words[index] == "-" || !words[index].hasPrefix("-") {
            value = words[index]
            index += 1
        } else {
            throw UsageError("Missing value for '\(option.synopsis)'", path: path, topic: .option(option))
        }
        try refuseEmpty(value, for: "'\(option.synopsis)'", path: path)
        if !option.allowedValues.isEmpty && !option.allowedValues.contains(value) {
            throw UsageError(
                "The value '\(value)' is invalid for '\(option.synopsis)'. Please provide one of \(quotedList(option.allowedValues)).",
                path: path, topic: .option(option))
        }
        return value
    }

    /// An empty word is never a meaningful path, URL or name, and an empty folder name means
    /// the current folder to the system: `--out ""` would make it the output.
    private static func refuseEmpty(_ value: String, for what: String, path: [CommandSpec]) throws(UsageError) {
        if value.isEmpty { throw UsageError("An empty value is not allowed for \(what)", path: path) }
    }

    /// Gives each positional argument its words, in order.
    private static func assign(
        _ words: [String], to arguments: [ArgumentSpec], path: [CommandSpec]
    ) throws(UsageError) -> [String: [String]] {
        var values: [String: [String]] = [:]
        var remaining = words[...]
        for argument in arguments {
            let taken: ArraySlice<String>
            switch argument.count {
            case .one:
                guard !remaining.isEmpty else { throw missing(argument, path: path) }
                taken = remaining.prefix(1)
            case .optional:
                taken = remaining.prefix(1)
            case .oneOrMore:
                guard !remaining.isEmpty else { throw missing(argument, path: path) }
                taken = remaining
            }
            remaining = remaining.dropFirst(taken.count)
            for word in taken { try refuseEmpty(word, for: "'<\(argument.name)>'", path: path) }
            if !taken.isEmpty { values[argument.name] = Array(taken) }
        }
        if let extra = remaining.first {
            throw UsageError("Unexpected argument '\(extra)'", path: path)
        }
        return values
    }

    private static func missing(_ argument: ArgumentSpec, path: [CommandSpec]) -> UsageError {
        let shown = argument.count == .oneOrMore ? "<\(argument.name)> ..." : "<\(argument.name)>"
        return UsageError("Missing expected argument '\(shown)'", path: path, topic: .argument(argument))
    }

    /// The commands `help lint` or `help templates export` names.
    private func helpPath(_ words: [String]) throws(UsageError) -> [CommandSpec] {
        var path = [root]
        for word in words.drop(while: { $0 == "help" }) {
            guard let subcommand = path[path.count - 1].subcommand(named: word) else {
                throw unknownCommand(word, in: path)
            }
            path.append(subcommand)
        }
        return path
    }

    private func unknownCommand(_ word: String, in path: [CommandSpec]) -> UsageError {
        let names = path[path.count - 1].subcommands.map(\.name)
        let hint = Suggestion.closest(to: word, among: names).map { ". Did you mean '\($0)'?" } ?? ""
        return UsageError("Unknown command '\(word)'\(hint)", path: path)
    }

    private func unknownOption(_ word: String, name: String, in path: [CommandSpec]) -> UsageError {
        let names = (path[path.count - 1].options + Self.builtInOptions).map(\.name)
        let hint = Suggestion.closest(to: name, among: names).map { ". Did you mean '--\($0)'?" } ?? ""
        return UsageError("Unknown option '\(word)'\(hint)", path: path)
    }
}

/// `'a', 'b' or 'c'`.
func quotedList(_ items: [String]) -> String {
    let quoted = items.map { "'\($0)'" }
    guard quoted.count > 1 else { return quoted.first ?? "" }
    return quoted.dropLast().joined(separator: ", ") + " or " + quoted[quoted.count - 1]
}
