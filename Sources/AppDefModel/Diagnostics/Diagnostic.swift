/// One problem found in an input: a small value that reporters turn into text, JSON and so on.
public struct Diagnostic: Hashable, Sendable {
    /// The kebab-case id of the rule that found it (see ``RuleRegistry``).
    public var ruleID: String
    public var severity: Severity
    public var location: SourceLocation
    /// One sentence saying what is wrong.
    public var message: String
    /// Further lines: why it matters, how to fix it, what was meant.
    public var notes: [String]

    public init(ruleID: String, severity: Severity, location: SourceLocation, message: String, notes: [String] = []) {
        self.ruleID = ruleID
        self.severity = severity
        self.location = location
        self.message = message
        self.notes = notes
    }
}

extension Array where Element == Diagnostic {
    /// Whether any diagnostic makes a run fail: an error, or with `strict` a warning too.
    public func fails(strict: Bool) -> Bool {
        contains { $0.severity == .error || (strict && $0.severity == .warning) }
    }

    /// The diagnostics of one file in reading order: by position, then rule id.
    package func sortedByPosition() -> [Diagnostic] {
        sorted {
            ($0.location.line, $0.location.column, $0.ruleID, $0.message)
                < ($1.location.line, $1.location.column, $1.ruleID, $1.message)
        }
    }
}
