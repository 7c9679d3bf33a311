import ArgumentParser
import OnboardingKit

/// `--disable` and `--enable`, shared by `lint`, `build` and `preview`.
struct RuleOptions: ParsableArguments {
    @Option(
        name: .customLong("disable"), help: ArgumentHelp("Turn a rule off (repeatable). Safety rules cannot be.", valueName: "rule-id"),
        completion: .ruleIDs)
    var disabled: [String] = []

    @Option(
        name: .customLong("enable"), help: ArgumentHelp("Turn an opt-in rule on (repeatable).", valueName: "rule-id"),
        completion: .ruleIDs)
    var enabled: [String] = []

    /// The rules to run; an unknown rule, or a safety rule turned off, is a usage error.
    func selection() throws(ValidationError) -> RuleSelection {
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

extension CompletionKind {
    /// Every rule id, for `rules`, `--disable` and `--enable`.
    static var ruleIDs: CompletionKind {
        .list(RuleRegistry.descriptions.map(\.id))
    }
}
