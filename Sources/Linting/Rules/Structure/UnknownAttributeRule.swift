import AppDefModel
internal import XMLStreaming

struct UnknownAttributeRule: Rule {
    static let description = RuleDescription(
        id: "unknown-attribute", category: .structure, severity: .warning,
        summary: "An attribute on a screen element that SAB does not write; it is ignored.",
        rationale: "Only `type` (title, features), `lang` (translation, image block), `name` and `value` (feature) mean something inside a screen.",
        triggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <title type="top-title"><translation ↓language="fr">Bienvenue</translation></title>
                </onboarding-screen>
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                "<onboarding-screen><title type=\"top-title\"><translation>Welcome</translation><translation lang=\"fr\">Bienvenue</translation></title></onboarding-screen>"
            )
        ])

    func check(_ context: LintContext) -> [Finding] {
        context.screens.flatMap { check($0.element) }
    }

    /// Checks known elements only: an unknown element is reported once, by unknown-element.
    private func check(_ element: XMLElement) -> [Finding] {
        guard let known = AppDefVocabulary.knownAttributes[element.name] else { return [] }
        let own = element.attributes.filter { !known.contains($0.name) }.map {
            Finding(position: $0.position, message: "unknown attribute '\($0.name)' on <\(element.name)> is ignored")
        }
        let allowedChildren = AppDefVocabulary.knownChildren[element.name] ?? []
        return own + element.children.filter { allowedChildren.contains($0.name) }.flatMap(check)
    }
}
