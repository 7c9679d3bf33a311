/// The texts a person reads: help, usage and usage errors.
struct HelpFormatter {
    let toolName: String

    /// Where help text starts after a label such as `--out <out>`.
    private static let labelColumn = 26

    /// The usage line of the command at the end of `path`.
    func usage(_ path: [CommandSpec]) -> String {
        let command = path[path.count - 1]
        let words = path.map(\.name).joined(separator: " ")
        if !command.subcommands.isEmpty { return "\(words) <subcommand>" }
        let arguments = command.arguments.map { argument -> String in
            switch argument.count {
            case .one: return "<\(argument.name)>"
            case .optional: return "[<\(argument.name)>]"
            case .oneOrMore: return "<\(argument.name)> ..."
            }
        }
        let options = command.options.map { "[\($0.synopsis)\($0.isRepeatable ? " ..." : "")]" }
        return ([words] + arguments + options).joined(separator: " ")
    }

    /// The full help of the command at the end of `path`.
    func help(_ path: [CommandSpec]) -> String {
        let command = path[path.count - 1]
        var sections = [wrapped("OVERVIEW: " + command.abstract)]
        if !command.discussion.isEmpty {
            sections.append(TextWrapping.paragraphs(command.discussion, width: TextWrapping.width))
        }
        sections.append("USAGE: " + usage(path))
        if !command.arguments.isEmpty {
            sections.append(
                "ARGUMENTS:\n" + command.arguments.map { entry("<\($0.name)>", $0.help) }.joined(separator: "\n"))
        }
        let options = command.options + CommandLineParser.builtInOptions
        sections.append("OPTIONS:\n" + options.map { entry($0.label, $0.helpWithNotes) }.joined(separator: "\n"))
        if !command.subcommands.isEmpty {
            let subcommands = command.subcommands.map { entry($0.name, $0.abstract) }.joined(separator: "\n")
            let helpWords = (["help"] + path.dropFirst().map(\.name) + ["<subcommand>"]).joined(separator: " ")
            sections.append(
                "SUBCOMMANDS:\n\(subcommands)\n\n  See '\(toolName) \(helpWords)' for detailed help.")
        }
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// What is printed for a usage error: the error, the help of what it is about, the usage,
    /// and where to read more.
    func errorReport(_ error: UsageError, path: [CommandSpec]) -> String {
        var lines = ["Error: " + error.message]
        switch error.topic {
        case .argument(let name, let help): lines.append("Help:  <\(name)>  \(help)")
        case .option(_, let synopsis, let help): lines.append("Help:  \(synopsis)  \(help)")
        case nil: break
        }
        lines.append("Usage: " + usage(path))
        let helpCommand = (path.map(\.name) + ["--help"]).joined(separator: " ")
        lines.append("  See '\(helpCommand)' for more information.")
        return lines.joined(separator: "\n") + "\n"
    }

    /// One entry of a list: the label indented by two, the text from the label column (on the
    /// next line when the label is too long), continuation lines aligned with it.
    private func entry(_ label: String, _ text: String) -> String {
        let indent = String(repeating: " ", count: Self.labelColumn)
        let lines = TextWrapping.lines(text, width: TextWrapping.width - Self.labelColumn)
        let head = "  " + label
        guard let first = lines.first else { return head }
        let rest = lines.dropFirst().map { indent + $0 }
        if head.count < Self.labelColumn {
            let padding = String(repeating: " ", count: Self.labelColumn - head.count)
            return ([head + padding + first] + rest).joined(separator: "\n")
        }
        return ([head, indent + first] + rest).joined(separator: "\n")
    }

    private func wrapped(_ text: String) -> String {
        TextWrapping.lines(text, width: TextWrapping.width).joined(separator: "\n")
    }
}
