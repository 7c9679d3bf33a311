import AppDefModel

/// What a rule is: its id, default severity, what it checks and examples of both outcomes.
public struct RuleDescription: Sendable, Hashable {
    /// The kebab-case id used in diagnostics and on the command line.
    public var id: String
    /// The group the rule is listed in by `rules` and Documentation/Rules.md; its folder under `Rules/`.
    public var category: RuleCategory
    public var severity: Severity
    /// One line saying what the rule checks.
    public var summary: String
    /// Why it matters and how to fix it.
    public var rationale: String
    /// Inputs the rule reports; `↓` marks where each diagnostic points.
    public var triggeringExamples: [RuleExample]
    /// Inputs the rule accepts.
    public var nonTriggeringExamples: [RuleExample]
    /// A safety rule guards against input that could read files, reach the network or inject
    /// markup; it can never be disabled.
    public var isSafetyRule: Bool
    /// An opt-in rule runs only when enabled with `--enable`.
    public var isOptIn: Bool
    /// A reading rule says the file could not be read to its end: what follows is unknown, so
    /// nothing may be built from it, and the rule can never be disabled.
    public var isReadingRule: Bool

    /// Whether `--disable` may turn the rule off: not a safety or a reading rule.
    public var canBeDisabled: Bool { !isSafetyRule && !isReadingRule }

    public init(
        id: String, category: RuleCategory, severity: Severity, summary: String, rationale: String,
        triggeringExamples: [RuleExample], nonTriggeringExamples: [RuleExample], isSafetyRule: Bool = false,
        isOptIn: Bool = false, isReadingRule: Bool = false
    ) {
        self.id = id
        self.category = category
        self.severity = severity
        self.summary = summary
        self.rationale = rationale
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
        self.isSafetyRule = isSafetyRule
        self.isOptIn = isOptIn
        self.isReadingRule = isReadingRule
    }
}
