/// A command as the command line sees it: its name, what it says about itself, and what it
/// accepts. Behaviour lives elsewhere; this is what parsing, help, completions and the manual
/// page are all made from, so that they cannot disagree.
public struct CommandSpec: Sendable {
    /// The word that selects the command (`lint`), or the tool's name for the root.
    public var name: String
    /// One line: what the command does.
    public var abstract: String
    /// Paragraphs shown after the abstract in full help; may be empty.
    public var discussion: String
    /// Positional arguments, in order. At most the last may repeat.
    public var arguments: [ArgumentSpec]
    /// Options and flags (`--name`).
    public var options: [OptionSpec]
    /// Commands under this one; a command with subcommands takes no arguments of its own.
    public var subcommands: [CommandSpec]

    /// Describes a command.
    public init(
        name: String, abstract: String, discussion: String = "", arguments: [ArgumentSpec] = [],
        options: [OptionSpec] = [], subcommands: [CommandSpec] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.subcommands = subcommands
    }

    /// The option named `--name`, if this command has one.
    public func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name }
    }

    /// The subcommand selected by `word`, if any.
    public func subcommand(named word: String) -> CommandSpec? {
        subcommands.first { $0.name == word }
    }
}

/// A positional argument.
public struct ArgumentSpec: Sendable {
    /// How many words an argument takes.
    public enum Count: Sendable {
        /// Exactly one.
        case one
        /// None or one.
        case optional
        /// One or more; only the last argument may repeat.
        case oneOrMore
    }

    /// The name shown in usage as `<name>` and used to look the value up.
    public var name: String
    /// One line for the help.
    public var help: String
    /// How many words it takes.
    public var count: Count
    /// What the shell should offer for it.
    public var completion: ValueCompletion

    /// Describes a positional argument.
    public init(_ name: String, help: String, count: Count = .one, completion: ValueCompletion = .none) {
        self.name = name
        self.help = help
        self.count = count
        self.completion = completion
    }
}

/// An option that takes a value (`--out DIR`) or a flag that does not (`--strict`).
public struct OptionSpec: Sendable {
    /// Whether the option takes a value, and how.
    public enum Kind: Sendable {
        /// A switch: present or not.
        case flag
        /// Takes a value, written `--name value` or `--name=value`. A repeatable option keeps
        /// every value; otherwise the last one given wins, as in most tools.
        case value(valueName: String, defaultValue: String?, repeatable: Bool)
    }

    /// The long name without dashes: `out` for `--out`.
    public var name: String
    /// A one-letter name (`h` for `-h`), for the few options everyone types.
    public var shortName: Character?
    /// One line for the help.
    public var help: String
    /// Flag or value.
    public var kind: Kind
    /// The only values accepted, when the set is closed (`--format`); empty means any. Plain
    /// words (see ``CommandLineTool/plainWordProblems``): completion scripts write them as
    /// they are.
    public var allowedValues: [String]
    /// What the shell should offer for the value.
    public var completion: ValueCompletion

    /// Describes an option that takes a value.
    public static func value(
        _ name: String, valueName: String? = nil, defaultValue: String? = nil, repeatable: Bool = false,
        allowedValues: [String] = [], completion: ValueCompletion = .none, help: String
    ) -> OptionSpec {
        OptionSpec(
            name: name, shortName: nil, help: help,
            kind: .value(valueName: valueName ?? name, defaultValue: defaultValue, repeatable: repeatable),
            allowedValues: allowedValues, completion: allowedValues.isEmpty ? completion : .values(allowedValues))
    }

    /// Describes a flag.
    public static func flag(_ name: String, shortName: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, shortName: shortName, help: help, kind: .flag, allowedValues: [], completion: .none)
    }

    /// Whether the option takes a value.
    public var takesValue: Bool {
        if case .value = kind { return true }
        return false
    }

    /// Whether the option may be given more than once, keeping every value.
    public var isRepeatable: Bool {
        if case .value(_, _, true) = kind { return true }
        return false
    }

    /// Every way to write its name: `-h` and `--help`, or `--out`.
    public var spellings: [String] {
        (shortName.map { ["-\($0)"] } ?? []) + ["--\(name)"]
    }

    /// How help labels it: `--out <out>`, or `-h, --help` with its short name.
    public var label: String {
        (shortName.map { "-\($0), " } ?? "") + synopsis
    }

    /// Its help with what it accepts and its default, as users expect to find them:
    /// `Output format. (values: text, json; default: text)`.
    public var helpWithNotes: String {
        var notes: [String] = []
        if !allowedValues.isEmpty { notes.append("values: " + allowedValues.joined(separator: ", ")) }
        if case .value(_, let defaultValue?, _) = kind { notes.append("default: " + defaultValue) }
        return notes.isEmpty ? help : "\(help) (\(notes.joined(separator: "; ")))"
    }

    /// How usage and help show it: `--out <out>` or `--strict`.
    public var synopsis: String {
        switch kind {
        case .flag: return "--\(name)"
        case .value(let valueName, _, _): return "--\(name) <\(valueName)>"
        }
    }
}

/// What a shell completion offers for a value.
public enum ValueCompletion: Sendable, Equatable {
    /// Nothing in particular.
    case none
    /// File names.
    case file
    /// Folder names.
    case directory
    /// One of a fixed list.
    case values([String])
}
