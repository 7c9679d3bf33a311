import AppDefModel

struct LongTextRule: Rule {
    /// More words than this in one field makes a screen hard to take in at a glance.
    static let wordLimit = 40

    static let description = RuleDescription(
        id: "long-text", category: .text, severity: .warning,
        summary: "A title or subtitle has more than 40 words (opt-in: --enable long-text).",
        rationale: """
            Onboarding is read at a glance: a few words per field work best. SAB puts no limit on \
            the length and the carousel wraps and scrolls long text, so this rule is off unless enabled.
            """,
        triggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <title type="bottom-subtitle">↓<translation>\(String(repeating: "word ", count: 41))</translation></title>
                </onboarding-screen>
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <title type="bottom-subtitle"><translation>Read the Bible in your language, every day.</translation></title>
                </onboarding-screen>
                """)
        ],
        isOptIn: true)

    func check(_ context: LintContext) -> [Finding] {
        context.screens.flatMap(\.titles).flatMap(\.translations).compactMap { translation in
            let words = translation.trimmedText.split(whereSeparator: \.isWhitespace).count
            guard words > Self.wordLimit else { return nil }
            return Finding(
                position: translation.position,
                message: "this text has \(words) words; onboarding reads best with at most \(Self.wordLimit)")
        }
    }
}
