import SabOnboardingCLI

// No `await` here: top-level code with one would make all of `main` async and start Swift
// concurrency for every command. Only `preview` needs it, and starts it itself.
SabOnboardingCommand.runCommandLine()
