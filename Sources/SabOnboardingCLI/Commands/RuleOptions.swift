import ArgumentParsing
import OnboardingKit

/// `--disable` and `--enable`, shared by `lint`, `build` and `preview`.
struct RuleOptions {
    static let specs: [OptionSpec] = [
        .value("disable", valueName: "rule-id", repeatable: true, help: "Turn a rule off (repeatable). Safety rules cannot be."),
        .value("enable", valueName: "rule-id", repeatable: true, help: "Turn an opt-in rule on (repeatable)."),
    ]

    /// The rules to run; an unknown rule, or a safety rule turned off, is a usage error.
    let selection: RuleSelection

    init(_ parsed: ParsedCommand) throws(UsageError) {
        do {
            selection = try RuleSelection(disable: parsed.values("disable"), enable: parsed.values("enable"))
        } catch {
            throw UsageError(error.description, path: parsed.path)
        }
    }
}
