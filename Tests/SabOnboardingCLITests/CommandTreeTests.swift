import ArgumentParser
import Testing

@testable import SabOnboardingCLI

/// The command tree as the library sees it before it runs anything.
struct CommandTreeTests {
    /// Every command, the root first, with the names leading to it.
    private static var tree: [(path: [String], command: any ParsableCommand.Type)] {
        var found: [([String], any ParsableCommand.Type)] = []
        var pending: [([String], any ParsableCommand.Type)] = [([], SabOnboardingCommand.self)]
        while !pending.isEmpty {
            let (path, command) = pending.removeFirst()
            found.append((path, command))
            pending += command.configuration.subcommands.map { (path + [$0.configuration.commandName ?? "?"], $0) }
        }
        return found
    }

    /// A command named from its type would change its name with a rename of the type.
    @Test func everyCommandNamesItself() {
        for (path, command) in Self.tree {
            #expect(command.configuration.commandName != nil, "\(path) \(command)")
        }
    }

    @Test func theTreeHasTheToolsCommands() {
        let leaves = Self.tree.filter { $0.command.configuration.subcommands.isEmpty }.map { $0.path.joined(separator: " ") }
        #expect(leaves == ["lint", "build", "preview", "review", "manifest", "schema", "rules", "templates list", "templates export", "templates context"])
    }

    /// Only `preview` needs Swift concurrency; the root is async so that the library can run it.
    @Test func onlyPreviewIsAsync() {
        let async = Self.tree.filter { $0.command is any AsyncParsableCommand.Type }.map { $0.path.joined(separator: " ") }
        #expect(async == ["", "preview"])
    }
}
