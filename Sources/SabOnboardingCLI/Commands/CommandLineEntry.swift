import ArgumentParser
import Dispatch

extension SabOnboardingCommand {
    /// Runs the command line and exits. Commands run synchronously, so that `lint`, `build` and
    /// `--version` never start Swift concurrency (its executor and worker threads are of no use
    /// to them); only an async command (`preview`) starts it, in a task, while the main thread
    /// serves the main queue as an async `main` would.
    public static func runCommandLine() -> Never {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let command: any ParsableCommand
        do {
            command = try OptionChecks.$commandLine.withValue(arguments) { try parseAsRoot(arguments) }
        } catch {
            exit(withError: error)
        }
        guard let asyncCommand = command as? any AsyncParsableCommand else {
            var command = command
            do {
                try command.run()
            } catch {
                exit(withError: error)
            }
            exit()  // no error: status 0
        }
        Task {
            var asyncCommand = asyncCommand
            do {
                try await asyncCommand.run()
            } catch {
                exit(withError: error)
            }
            exit()
        }
        dispatchMain()
    }
}
