import ArgumentParsing

/// A small command tree with every kind of argument and option the parser knows.
enum SampleTool {
    static let copy = CommandSpec(
        name: "copy",
        abstract: "Copy files into a folder.",
        discussion: "First paragraph.\n\nSecond paragraph, which is long enough to be wrapped over more than one line of an eighty-column terminal.",
        arguments: [
            ArgumentSpec("destination", help: "Where to copy to.", completion: .directory),
            ArgumentSpec("files", help: "What to copy.", count: .oneOrMore, completion: .file),
        ],
        options: [
            .value("mode", defaultValue: "fast", allowedValues: ["fast", "safe"], help: "How to copy."),
            .value("exclude", valueName: "pattern", repeatable: true, help: "Leave out matching files; it's repeatable."),
            .value("retries", help: "How often to retry."),
            .value("a-very-long-option-name", valueName: "value", help: "An option whose label is too long for the label column."),
            .flag("dry-run", help: "Say what would be copied."),
        ])

    static let show = CommandSpec(
        name: "show", abstract: "Show one item, or all.",
        arguments: [ArgumentSpec("item", help: "The item.", count: .optional, completion: .values(["a", "b"]))])

    static let group = CommandSpec(name: "group", abstract: "Commands in a group.", subcommands: [show])

    static let root = CommandSpec(name: "sample", abstract: "A sample tool.", subcommands: [copy, group])

    static let tool = CommandLineTool(root: root, version: "sample 1.2.3")

    /// The parsed command, or a test failure naming what came back instead.
    static func run(_ words: [String]) throws -> ParsedCommand {
        switch try tool.parse(words) {
        case .run(let parsed): return parsed
        case let other: throw Unexpected(outcome: "\(other)")
        }
    }

    /// The usage error the words give, or nil when they parse.
    static func usageError(_ words: [String]) -> UsageError? {
        do {
            _ = try tool.parse(words)
            return nil
        } catch {
            return error
        }
    }

    struct Unexpected: Error {
        let outcome: String
    }
}
