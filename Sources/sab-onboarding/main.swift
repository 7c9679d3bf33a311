import SabOnboardingCLI

SabOnboardingCommand.main()
