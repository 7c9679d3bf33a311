import AppDefModel
internal import XMLStreaming

/// A check over one appDef file. Each rule lives in its own file with its description.
protocol Rule: Sendable {
    static var description: RuleDescription { get }
    /// Every problem of this rule's kind in the file.
    func check(_ context: LintContext) -> [Finding]
}

/// One problem a rule found, before the linter attaches the rule id and file.
struct Finding {
    var position: SourcePosition
    var message: String
    var notes: [String] = []
    /// Set when this finding is less serious than the rule's default (libxml2's warnings).
    var severity: Severity?
}
