import AppDefModel
internal import XMLStreaming

struct TooManyNamesRule: Rule {
    static let description = RuleDescription(
        id: "too-many-names", category: .reading, severity: .error,
        summary: "The file has more than \(XMLStreamReader.maximumNames) distinct element and attribute names; it is not read past them.",
        rationale: """
            An appDef uses a few hundred names (SAB's files hold 180 to 470), an SVG image fewer. \
            libxml2 keeps every distinct name in a table that stops growing at some 80,000 of them, \
            after which each new name takes longer to find: 640,000 of them would take ten seconds \
            or more to read. Reading stops at the start tag that goes past the limit, and nothing \
            is built from part of a file. The same limit holds for the SVG images the build publishes.
            """,
        triggeringExamples: [
            RuleExample(
                """
                <?xml version="1.0" encoding="utf-8"?>
                <app-definition>
                \(Self.crowdedTags(10, marked: 10))
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

    /// `count` lines of one `<extra>` tag each with 1000 attributes named anew (`t1a0`...):
    /// the tenth brings the names past 10,000 whatever few others the document has. `marked`
    /// is the line that gets the diagnostic's mark.
    private static func crowdedTags(_ count: Int, marked: Int) -> String {
        (1...count).map { tag in
            let attributes = (0..<1000).map { "t\(tag)a\($0)=\"\"" }.joined(separator: " ")
            return "  " + (tag == marked ? "↓" : "") + "<extra \(attributes)/>"
        }.joined(separator: "\n")
    }

    func check(_ context: LintContext) -> [Finding] {
        context.syntax.problems.filter { $0.kind == .tooManyNames }.map {
            Finding(
                position: $0.position, message: $0.message,
                notes: ["no appDef uses more than a few hundred names: is this file damaged, or made to slow the tool down?"])
        }
    }
}
