import ArgumentParser
import Dispatch
import PathText

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension SabOnboardingCommand {
    /// Runs the command line and exits. Commands run synchronously, so that `lint`, `build` and
    /// `--version` never start Swift concurrency (its executor and worker threads are of no use
    /// to them); only an async command (`preview`) starts it, in a task, while the main thread
    /// serves the main queue as an async `main` would.
    public static func runCommandLine() -> Never {
        // Not `CommandLine.arguments`, which turns bytes that are not UTF-8 into U+FFFD: a file
        // named in Latin-1 could not be opened. Such bytes are carried instead (see PathText).
        let arguments = (1..<Int(CommandLine.argc)).map { index in
            let argument = CommandLine.unsafeArgv[index]!
            return PathText.string(fromBytes: UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
        }
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
