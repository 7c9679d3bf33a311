import AppDefModel

struct UnknownTitleTypeRule: Rule {
    static let description = RuleDescription(
        id: "unknown-title-type", category: .structure, severity: .error,
        summary: "A title's `type` is not top-title, top-subtitle, bottom-title or bottom-subtitle.",
        rationale: "The type says where the text goes on the screen; any other value has no place and is not shown.",
        triggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <title ↓type="middle-title"><translation>Welcome</translation></title>
                </onboarding-screen>
                """)
        ],
        nonTriggeringExamples: [
            RuleExample("<onboarding-screen><title type=\"bottom-subtitle\"><translation>Welcome</translation></title></onboarding-screen>")
        ])

    func check(_ context: LintContext) -> [Finding] {
        context.screens.flatMap(\.titles).compactMap { title in
            guard let type = title.attribute(AppDefVocabulary.typeAttribute),
                TextField(rawValue: type.value) == nil
            else { return nil }
            var notes = ["the types are " + TextField.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")]
            if let meant = Self.likelyMeant(type.value) { notes.insert("did you mean '\(meant.rawValue)'?", at: 0) }
            return Finding(position: type.position, message: "unknown title type '\(type.value)'", notes: notes)
        }
    }

    /// The type a near miss such as `Top_Title` or `top title` stands for.
    static func likelyMeant(_ value: String) -> TextField? {
        let normalised = value.trimmingWhitespace.lowercased().map { $0 == "_" || $0 == " " ? "-" : $0 }
        return TextField(rawValue: String(normalised))
    }
}
