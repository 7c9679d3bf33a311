import Foundation
import Testing

/// The command line as a user meets it: help, version, usage errors, the help dump.
struct CommandLineTests {
    static let commands = [
        ["lint"], ["build"], ["preview"], ["review"], ["manifest"], ["schema"], ["rules"], ["templates", "list"], ["templates", "export"],
        ["templates", "context"],
    ]

    @Test(arguments: commands) func everyCommandHasHelp(_ words: [String]) throws {
        let flag = try ToolRunner.run(words + ["--help"])
        #expect(flag.status == 0)
        #expect(flag.standardOutput.contains("USAGE: sab-onboarding \(words.joined(separator: " "))"))
        #expect(flag.standardOutput.contains("\nOPTIONS:\n"))
        let command = try ToolRunner.run(["help"] + words)
        #expect(command.status == 0)
        #expect(command.standardOutput == flag.standardOutput)
    }

    @Test func noCommandShowsTheCommands() throws {
        let result = try ToolRunner.run([])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("\nSUBCOMMANDS:\n"))
        for command in ["lint", "build", "preview", "review", "manifest", "schema", "rules", "templates"] {
            #expect(result.standardOutput.contains("\n  \(command) "), "\(command)")
        }
    }

    @Test func aGroupWithoutItsSubcommandShowsItsHelp() throws {
        let result = try ToolRunner.run(["templates"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("USAGE: sab-onboarding templates <subcommand>"))
        #expect(result.standardOutput.contains("\n  list "))
        #expect(result.standardOutput.contains("\n  export "))
    }

    @Test func versionNamesTheTool() throws {
        let result = try ToolRunner.run(["--version"])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("sab-onboarding "))
        #expect(try ToolRunner.run(["lint", "--version"]).standardOutput == result.standardOutput)
    }

    @Test func aMistypedCommandOrOptionIsAUsageError() throws {
        let command = try ToolRunner.run(["biuld", "x.appDef"])
        #expect(command.status == 64)
        #expect(command.standardError.hasPrefix("Error: 2 unexpected arguments: 'biuld', 'x.appDef'\n"))
        #expect(command.standardOutput.isEmpty)
        // The nearest option is suggested.
        let option = try ToolRunner.run(["build", "--qiet", "x.appDef"])
        #expect(option.status == 64)
        #expect(option.standardError.hasPrefix("Error: Unknown option '--qiet'. Did you mean '--quiet'?\n"))
        #expect(option.standardError.contains("\nUsage: sab-onboarding build <app-def> "))
    }

    @Test func anEmptyOutputFolderIsRefusedBeforeAnythingIsWritten() throws {
        let empty = try ToolRunner.run(["build", "--out", "", "--force", "Samples/builders/builders.appDef"])
        #expect(empty.status == 64)
        #expect(empty.standardError.hasPrefix("Error: An empty value is not allowed for '--out <out>'\n"))
        #expect(empty.standardOutput.isEmpty)
        // `--out=` takes the next word as its value, as `--out` does.
        let attached = try ToolRunner.run(["build", "--out=", "--force", "Samples/builders/builders.appDef"])
        #expect(attached.status == 64)
        #expect(attached.standardError.hasPrefix("Error: Missing value for '--out <out>'\n"))
        #expect(attached.standardOutput.isEmpty)
    }

    /// `--experimental-dump-help` is what the man page is generated from.
    @Test func theHelpDumpDescribesEveryCommand() throws {
        let result = try ToolRunner.run(["--experimental-dump-help"])
        #expect(result.status == 0)
        let dump = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        let root = try #require(dump?["command"] as? [String: Any])
        #expect(root["commandName"] as? String == "sab-onboarding")
        var found: [[String]] = []
        func walk(_ command: [String: Any], _ path: [String]) {
            let subcommands = command["subcommands"] as? [[String: Any]] ?? []
            if subcommands.isEmpty { found.append(path) }
            for subcommand in subcommands {
                walk(subcommand, path + [subcommand["commandName"] as? String ?? "?"])
            }
        }
        walk(root, [])
        #expect(found == Self.commands + [["help"]])
    }
}
