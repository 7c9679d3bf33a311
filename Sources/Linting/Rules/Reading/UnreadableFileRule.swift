import AppDefModel

struct UnreadableFileRule: Rule {
    static let description = RuleDescription(
        id: "unreadable-file", category: .reading, severity: .error,
        summary: "The file cannot be opened or read.",
        rationale: "The path must name a readable file (not a folder). Check the path and its permissions.",
        triggeringExamples: [], nonTriggeringExamples: [], isReadingRule: true)

    func check(_ context: LintContext) -> [Finding] {
        var findings: [Finding] = []
        if let error = context.syntax.inputError {
            findings.append(Finding(position: .start, message: "cannot read the file: \(error.reason)"))
        }
        for problem in context.syntax.problems where problem.kind == .unreadable {
            findings.append(Finding(position: problem.position, message: problem.message))
        }
        return findings
    }
}
