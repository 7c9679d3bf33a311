import AppDefModel

extension RuleSelection {
    /// Applies `--disable` and `--enable` ids. Unknown ids, and disabling safety or reading
    /// rules, are refused.
    public init(disable: [String], enable: [String]) throws(Problem) {
        for id in disable + enable where RuleRegistry.description(of: id) == nil {
            throw Problem(description: "no rule '\(id)'; 'sab-onboarding rules' lists them")
        }
        for id in disable {
            guard let rule = RuleRegistry.description(of: id), !rule.canBeDisabled else { continue }
            throw Problem(
                description: rule.isSafetyRule
                    ? "'\(id)' guards the tool's safety and cannot be disabled"
                    : "'\(id)' says a file could not be read to its end, and cannot be disabled: nothing may be built from part of a file")
        }
        if let both = Set(disable).intersection(enable).sorted().first {
            throw Problem(description: "'\(both)' is both disabled and enabled")
        }
        self.init(disabled: Set(disable), enabled: Set(enable))
    }

    /// Whether the rule runs.
    public func runs(_ rule: RuleDescription) -> Bool {
        if !rule.canBeDisabled { return true }
        if disabled.contains(rule.id) { return false }
        return !rule.isOptIn || enabled.contains(rule.id)
    }
}
