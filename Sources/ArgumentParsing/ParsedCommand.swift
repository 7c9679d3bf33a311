/// The command a command line selected, with the values it gave: what a command's code reads
/// its inputs from. Defaults are already applied.
public struct ParsedCommand: Sendable {
    /// The commands from the root to the selected one.
    public let path: [CommandSpec]
    var optionValues: [String: [String]]
    var givenFlags: Set<String>
    var argumentValues: [String: [String]]

    /// The selected command.
    public var spec: CommandSpec { path[path.count - 1] }

    /// The words that select it after the tool's name: `["templates", "export"]`.
    public var commandWords: [String] { path.dropFirst().map(\.name) }

    /// Whether the flag `--name` was given.
    public func flag(_ name: String) -> Bool {
        assert(spec.option(named: name).map { !$0.takesValue } ?? false, "no flag --\(name) in \(spec.name)")
        return givenFlags.contains(name)
    }

    /// The value of `--name`: the last one given, else its default, else nil.
    public func value(_ name: String) -> String? {
        values(name).last
    }

    /// Every value given for a repeatable `--name`, in order, or its default.
    public func values(_ name: String) -> [String] {
        assert(spec.option(named: name)?.takesValue ?? false, "no option --\(name) in \(spec.name)")
        if let given = optionValues[name] { return given }
        if case .value(_, let defaultValue?, _) = spec.option(named: name)?.kind { return [defaultValue] }
        return []
    }

    /// The value of `--name`, an option with a default: the last one given, else the default.
    public func valueOrDefault(_ name: String) -> String {
        assert(spec.option(named: name).map { if case .value(_, _?, _) = $0.kind { true } else { false } } ?? false, "--\(name) has no default")
        return value(name) ?? ""
    }

    /// The value of `--name` converted to `T`; a value that does not convert is a usage error.
    public func value<T: LosslessStringConvertible>(_ name: String, as type: T.Type) throws(UsageError) -> T? {
        guard let text = value(name) else { return nil }
        return try converted(text, of: name, as: type)
    }

    /// The value of `--name`, an option with a default, converted to `T`.
    public func valueOrDefault<T: LosslessStringConvertible>(_ name: String, as type: T.Type) throws(UsageError) -> T {
        try converted(valueOrDefault(name), of: name, as: type)
    }

    private func converted<T: LosslessStringConvertible>(_ text: String, of name: String, as type: T.Type) throws(UsageError) -> T {
        guard let converted = T(text) else {
            let option = spec.option(named: name)
            throw UsageError(
                "The value '\(text)' is invalid for '\(option?.synopsis ?? "--" + name)'", path: path,
                topic: option.map { .option($0) })
        }
        return converted
    }

    /// The positional argument `name`, or nil when an optional one was left out.
    public func argument(_ name: String) -> String? {
        arguments(name).first
    }

    /// The argument `name` that the command requires (count `.one`): the parser has already
    /// refused a command line without it.
    public func requiredArgument(_ name: String) -> String {
        assert(spec.arguments.first { $0.name == name }?.count == .one, "<\(name)> is not required in \(spec.name)")
        return arguments(name).first ?? ""
    }

    /// Every word given for the repeating argument `name`.
    public func arguments(_ name: String) -> [String] {
        assert(spec.arguments.contains { $0.name == name }, "no argument <\(name)> in \(spec.name)")
        return argumentValues[name] ?? []
    }
}
