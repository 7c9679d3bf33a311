import AppDefModel

struct NoOnboardingScreensRule: Rule {
    static let description = RuleDescription(
        id: "no-onboarding-screens", category: .reading, severity: .note,
        summary: "The appDef defines no onboarding screens.",
        rationale: "Most apps have none, and that is fine: the app then opens without onboarding, and `build` writes a manifest with no screens.",
        triggeringExamples: [RuleExample("↓<app-definition type=\"SAB\"><app-name>Bible</app-name></app-definition>")],
        nonTriggeringExamples: [RuleExample("<onboarding-screen><title type=\"top-title\"><translation>Welcome</translation></title></onboarding-screen>")])

    func check(_ context: LintContext) -> [Finding] {
        let stoppedEarly = context.syntax.problems.contains { $0.level == .fatal }
        guard context.screens.isEmpty, !stoppedEarly, context.syntax.inputError == nil,
            let root = context.syntax.root, root.name == AppDefVocabulary.root
        else { return [] }
        return [Finding(position: root.position, message: "no onboarding screens: the app opens without onboarding")]
    }
}
