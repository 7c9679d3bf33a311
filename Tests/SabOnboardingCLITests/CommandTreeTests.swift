import ArgumentParser
import Testing

@testable import SabOnboardingCLI

/// The command tree as the parser sees it before it runs anything.
struct CommandTreeTests {
    /// A command without a name is named from its type at run time, which costs more start-up
    /// time than everything else `--version` does.
    @Test func everyCommandNamesItself() {
        var pending: [any ParsableCommand.Type] = [SabOnboardingCommand.self]
        while let command = pending.popLast() {
            #expect(command.configuration.commandName != nil, "\(command)")
            pending += command.configuration.subcommands
        }
    }
}
