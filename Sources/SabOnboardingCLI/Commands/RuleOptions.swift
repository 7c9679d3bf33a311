import ArgumentParser
import OnboardingKit

/// `--disable` and `--enable`, shared by `lint` and `build`.
struct RuleOptions: ParsableArguments {
    @Option(name: .customLong("disable"), help: ArgumentHelp("Turn a rule off (repeatable). Safety rules cannot be.", valueName: "rule-id"))
    var disabled: [String] = []

    @Option(name: .customLong("enable"), help: ArgumentHelp("Turn an opt-in rule on (repeatable).", valueName: "rule-id"))
    var enabled: [String] = []

    func selection() throws -> RuleSelection {
        do {
            return try RuleSelection(disable: disabled, enable: enabled)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func validate() throws {
        _ = try selection()
    }
}
