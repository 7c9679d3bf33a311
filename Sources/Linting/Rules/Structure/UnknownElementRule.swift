import AppDefModel
internal import XMLStreaming

struct UnknownElementRule: Rule {
    static let description = RuleDescription(
        id: "unknown-element", category: .structure, severity: .warning,
        summary: "An element inside a screen that SAB does not write; it is ignored.",
        rationale: """
            A screen holds <title>, <onboarding-screen-image> and <features>; a title holds \
            <translation> (or <t>); an image block holds <image>; features hold <feature> (or <e>). \
            Anything else is ignored, which is usually a typing mistake.
            """,
        triggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <title type="top-title"><translation>Welcome</translation></title>
                  ↓<subtitle>Read daily</subtitle>
                </onboarding-screen>
                """)
        ],
        nonTriggeringExamples: [
            RuleExample("<onboarding-screen><title type=\"top-title\"><t>Welcome</t></title></onboarding-screen>")
        ])

    func check(_ context: LintContext) -> [Finding] {
        context.screens.flatMap { unknownElements(in: $0.element) }
    }

    private func unknownElements(in element: XMLElement) -> [Finding] {
        let allowed = AppDefVocabulary.knownChildren[element.name] ?? []
        return element.children.flatMap { child -> [Finding] in
            guard allowed.contains(child.name) else {
                return [Finding(position: child.position, message: "unknown element <\(child.name)> in <\(element.name)> is ignored")]
            }
            return unknownElements(in: child)
        }
    }
}
