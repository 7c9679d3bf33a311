import AppDefModel

/// Every lint rule. `rules`, the list of them all, is generated from the rules' sources
/// (`RuleRegistry+Generated.swift`, `make rules-registry`), so that none can be left out; `rules`
/// the command and Documentation/Rules.md list them by ``RuleCategory``, in its order.
public enum RuleRegistry {
    /// The descriptions of every rule, in the registry's order.
    public static var descriptions: [RuleDescription] {
        rules.map { type(of: $0).description }
    }

    /// The description of the rule with this id.
    public static func description(of id: String) -> RuleDescription? {
        descriptions.first { $0.id == id }
    }
}
