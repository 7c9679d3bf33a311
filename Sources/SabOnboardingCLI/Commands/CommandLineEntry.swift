import ArgumentParsing
import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension SabOnboardingCommand {
    /// Runs the command line and exits. Commands run synchronously, so that `lint`, `build` and
    /// `--version` never start Swift concurrency (its executor and worker threads cost
    /// start-up time); only an async command (`preview`) starts it, in a task, while the main
    /// thread serves the main queue as an async `main` would.
    public static func runCommandLine() -> Never {
        do {
            switch try tool.parse(Array(CommandLine.arguments.dropFirst())) {
            case .version: Terminal.writeToStandardOutput(tool.version + "\n")
            case .help(let path): Terminal.writeToStandardOutput(tool.help(path))
            case .completionScript(let shell): Terminal.writeToStandardOutput(tool.completionScript(for: shell))
            case .manualPage: Terminal.writeToStandardOutput(tool.manualPage())
            case .run(let parsed):
                switch runner(for: parsed.commandWords) {
                case .sync(let type)?:
                    try type.init(parsed).run()
                case .async(let type)?:
                    let command = try type.init(parsed)
                    Task {
                        do {
                            try await command.run()
                        } catch {
                            finish(with: error)
                        }
                        exit(0)
                    }
                    dispatchMain()
                case nil:
                    // A command in the tree without a type to run it: a mistake in this tool.
                    Terminal.writeToStandardError("sab-onboarding: internal error: no runner for '\(parsed.commandWords.joined(separator: " "))'\n")
                    exit(70)  // EX_SOFTWARE
                }
            }
        } catch {
            finish(with: error)
        }
        exit(0)
    }

    /// Exits with the status an error calls for, after saying what it needs said.
    private static func finish(with error: any Error) -> Never {
        switch error {
        case let usage as UsageError:
            Terminal.writeToStandardError(tool.errorReport(usage))
            exit(UsageError.exitStatus)
        case let status as ExitStatus:
            exit(status.code)
        default:
            Terminal.writeToStandardError("sab-onboarding: error: \(error)\n")
            exit(1)
        }
    }
}
