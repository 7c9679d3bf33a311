import AppDefModel

struct DoctypeForbiddenRule: Rule {
    static let description = RuleDescription(
        id: "doctype-forbidden", category: .reading, severity: .error,
        summary: "The file has a DOCTYPE; it is refused unread.",
        rationale: """
            SAB never writes a DOCTYPE. A DTD can declare entities that read local files, reach the \
            network or expand to gigabytes, so the file is not parsed past the DOCTYPE at all. \
            Remove the `<!DOCTYPE ...>` declaration.
            """,
        triggeringExamples: [
            RuleExample(
                """
                <?xml version="1.0" encoding="utf-8"?>
                ↓<!DOCTYPE app-definition [<!ENTITY secret SYSTEM "file:///etc/hostname">]>
                <app-definition>&secret;</app-definition>
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <?xml version="1.0" encoding="utf-8"?>
                <!-- no DOCTYPE here -->
                <app-definition><onboarding-screen><title type="top-title"><translation>Welcome</translation></title></onboarding-screen></app-definition>
                """)
        ],
        isSafetyRule: true)

    func check(_ context: LintContext) -> [Finding] {
        context.syntax.problems.filter { $0.kind == .doctype }.map {
            Finding(position: $0.position, message: $0.message)
        }
    }
}
