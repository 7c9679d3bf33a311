import ArgumentParser
import OnboardingKit

/// `--disable` and `--enable`, shared by `lint`, `build` and `preview`.
struct RuleOptions: ParsableArguments {
    @Option(
        name: .customLong("disable"),
        help: ArgumentHelp("Turn a rule off (repeatable). Safety rules and the rules that say a file cannot be read cannot be.", valueName: "rule-id"),
        completion: .list(RuleRegistry.descriptions.filter(\.canBeDisabled).map(\.id)))
    var disabled: [String] = []

    @Option(
        name: .customLong("enable"), help: ArgumentHelp("Turn an opt-in rule on (repeatable).", valueName: "rule-id"),
        completion: .list(RuleRegistry.descriptions.filter(\.isOptIn).map(\.id)))
    var enabled: [String] = []

    /// The rules to run; an unknown rule, or a rule turned off that cannot be, is a usage error.
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
    /// Every rule id, for `rules`.
    static var ruleIDs: CompletionKind {
        .list(RuleRegistry.descriptions.map(\.id))
    }
}
