import AppDefModel
internal import XMLStreaming

struct TooManyAttributesRule: Rule {
    static let description = RuleDescription(
        id: "too-many-attributes", category: .reading, severity: .error,
        summary: "A start tag has more than \(XMLStreamReader.maximumAttributes) attributes; the file is not read past it.",
        rationale: """
            No appDef element has more than a few attributes (SAB writes at most 3), nor does an SVG \
            element more than a few dozen. libxml2 checks each attribute of a tag against every one \
            before it, so a tag of hundreds of thousands of them would take minutes to read: the \
            tag is never given to libxml2, and reading stops at it. Nothing is built from part of a \
            file. The same limit holds for the SVG images the build publishes.
            """,
        triggeringExamples: [
            RuleExample(
                """
                <?xml version="1.0" encoding="utf-8"?>
                <app-definition>
                  ↓<app-name \(Self.attributes(XMLStreamReader.maximumAttributes + 1))>Bible</app-name>
                  <onboarding-screen><title type="top-title"><translation>Welcome</translation></title></onboarding-screen>
                </app-definition>
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <?xml version="1.0" encoding="utf-8"?>
                <app-definition type="SAB" program-version="12.3">
                  <app-name lang="default">Bible</app-name>
                  <onboarding-screen><title type="top-title"><translation>Welcome</translation></title></onboarding-screen>
                </app-definition>
                """)
        ],
        isReadingRule: true)

    /// `a1="" a2="" ...`: `count` distinct attributes.
    private static func attributes(_ count: Int) -> String {
        (1...count).map { "a\($0)=\"\"" }.joined(separator: " ")
    }

    func check(_ context: LintContext) -> [Finding] {
        context.syntax.problems.filter { $0.kind == .tooManyAttributes }.map {
            Finding(
                position: $0.position, message: $0.message,
                notes: ["no appDef element has more than a few attributes: is this file damaged, or made to slow the tool down?"])
        }
    }
}
