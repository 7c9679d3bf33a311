import AppDefModel
internal import XMLStreaming

struct MissingAttributeRule: Rule {
    static let description = RuleDescription(
        id: "missing-attribute", category: .structure, severity: .error,
        summary: "A title without `type`, or a feature without `name` or `value`.",
        rationale: "Without its `type` a title has no place on the screen; without `name` and `value` a feature says nothing.",
        triggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  ↓<title><translation>Welcome</translation></title>
                </onboarding-screen>
                """),
            RuleExample(
                """
                <onboarding-screen>
                  <title type="top-title"><translation>Welcome</translation></title>
                  <features type="onboarding-screen">↓<feature name="background"/></features>
                </onboarding-screen>
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <title type="top-title"><translation>Welcome</translation></title>
                  <features type="onboarding-screen"><feature name="background" value="default"/></features>
                </onboarding-screen>
                """)
        ])

    func check(_ context: LintContext) -> [Finding] {
        context.screens.flatMap { screen in
            let titles = screen.titles.filter { $0.attribute(AppDefVocabulary.typeAttribute) == nil }.map {
                Finding(
                    position: $0.position, message: "<title> has no 'type'",
                    notes: ["give it type=\"top-title\", \"top-subtitle\", \"bottom-title\" or \"bottom-subtitle\""])
            }
            let features = screen.features.flatMap { feature -> [Finding] in
                [AppDefVocabulary.nameAttribute, AppDefVocabulary.valueAttribute]
                    .filter { feature.attribute($0) == nil }
                    .map { Finding(position: feature.position, message: "<\(feature.name)> has no '\($0)'") }
            }
            return titles + features
        }
    }
}
