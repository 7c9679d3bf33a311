import Foundation
import Testing

/// The command line as a user meets it: help, version, usage errors, completions, manual.
struct CommandLineTests {
    static let commands = [["lint"], ["build"], ["preview"], ["manifest"], ["schema"], ["rules"], ["templates", "list"], ["templates", "export"]]

    @Test(arguments: commands) func everyCommandHasHelp(_ words: [String]) throws {
        let flag = try ToolRunner.run(words + ["--help"])
        #expect(flag.status == 0)
        #expect(flag.standardOutput.contains("USAGE: sab-onboarding \(words.joined(separator: " "))"))
        let command = try ToolRunner.run(["help"] + words)
        #expect(command.standardOutput == flag.standardOutput)
    }

    @Test func noCommandShowsTheCommands() throws {
        let result = try ToolRunner.run([])
        #expect(result.status == 0)
        for command in ["lint", "build", "preview", "manifest", "schema", "rules", "templates"] {
            #expect(result.standardOutput.contains("\n  \(command) "), "\(command)")
        }
    }

    @Test func versionNamesTheTool() throws {
        let result = try ToolRunner.run(["--version"])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("sab-onboarding "))
        #expect(try ToolRunner.run(["lint", "--version"]).standardOutput == result.standardOutput)
    }

    @Test func aMistypedCommandOrOptionIsAUsageErrorWithASuggestion() throws {
        let command = try ToolRunner.run(["biuld", "x.appDef"])
        #expect(command.status == 64)
        #expect(command.standardError.hasPrefix("Error: Unknown command 'biuld'. Did you mean 'build'?\n"))
        let option = try ToolRunner.run(["build", "--qiet", "x.appDef"])
        #expect(option.status == 64)
        #expect(option.standardError.contains("Did you mean '--quiet'?"))
        let port = try ToolRunner.run(["preview", "--port", "70000", "x.appDef"])
        #expect(port.status == 64)
        #expect(port.standardError.contains("The value '70000' is invalid for '--port <port>'"))
    }

    /// How each shell's script names a subcommand it offers.
    static let offeredForms: [(shell: String, form: @Sendable (String) -> String)] = [
        ("bash", { "\($0)') command=" }),
        ("zsh", { "'\($0):" }),
        ("fish", { " -a '\($0)' -d " }),
    ]

    @Test func completionScriptsOfferEveryCommand() throws {
        for (shell, form) in Self.offeredForms {
            let result = try ToolRunner.run(["--generate-completion-script", shell])
            #expect(result.status == 0)
            for command in ["lint", "build", "preview", "manifest", "schema", "rules", "templates", "list", "export"] {
                #expect(result.standardOutput.contains(form(command)), "\(shell) does not offer \(command)")
            }
        }
    }

    @Test func anEmptyOutputFolderIsRefusedBeforeAnythingIsWritten() throws {
        let result = try ToolRunner.run(["build", "--out=", "--force", "Samples/builders/builders.appDef"])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: An empty value is not allowed for '--out <out>'"))
        #expect(result.standardOutput.isEmpty)
    }

    @Test func theManualPageDescribesEveryCommand() throws {
        let result = try ToolRunner.run(["--generate-manual"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("\n.Dt SAB-ONBOARDING 1\n"))
        for command in ["lint", "build", "preview", "manifest", "schema", "rules", "templates list", "templates export"] {
            #expect(result.standardOutput.contains("\n.It Em \(command)\n"), "\(command)")
        }
    }
}
