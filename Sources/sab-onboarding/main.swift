import SabOnboardingCLI

/// Runs the command line. A function rather than a top-level `await`: in top-level code the compiler
/// picks `ParsableCommand`'s synchronous `main()`, which cannot run an async command such as `preview`.
func runCommandLine() async {
    await SabOnboardingCommand.main()
}

await runCommandLine()
