import AppDefModel

struct NotAnAppDefRule: Rule {
    static let description = RuleDescription(
        id: "not-an-appdef", category: .reading, severity: .warning,
        summary: "The root element is not <app-definition>.",
        rationale: "An appDef file written by SAB has the root element <app-definition>; this file may be another XML file given by mistake.",
        triggeringExamples: [
            RuleExample(
                """
                <?xml version="1.0" encoding="utf-8"?>
                ↓<svg xmlns="http://www.w3.org/2000/svg"/>
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                "<app-definition type=\"SAB\"><onboarding-screen><title type=\"top-title\"><translation>Welcome</translation></title></onboarding-screen></app-definition>"
            )
        ])

    func check(_ context: LintContext) -> [Finding] {
        guard let root = context.syntax.root, root.name != AppDefVocabulary.root else { return [] }
        return [Finding(position: root.position, message: "the root element is <\(root.name)>, not <app-definition>: is this an appDef file?")]
    }
}
