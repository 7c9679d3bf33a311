import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit
@testable import XMLStreaming

/// A start tag with more than a thousand attributes ends reading with `too-many-attributes`, in
/// an appDef and in an SVG image alike: the reader never gives it to libxml2, whose check of
/// duplicate attributes would take minutes over hundreds of thousands of them.
struct CrowdedTagTests {
    static func attributes(_ count: Int) -> String {
        (0..<count).map { "a\($0)=\"1\"" }.joined(separator: " ")
    }

    @Test(.timeLimit(.minutes(10)))
    func anAppDefTagOfSixHundredFortyThousandAttributesIsAnErrorAtTheTag() {
        let document = """
            <?xml version="1.0" encoding="utf-8"?>
            <app-definition>
              <app-name \(Self.attributes(640_000))>Bible</app-name>
              <onboarding-screen><title type="top-title"><t>Welcome</t></title></onboarding-screen>
            </app-definition>
            """
        let diagnostics = Linter().lint(bytes: Array(document.utf8), path: "crowded.appDef")
        #expect(diagnostics.map { "\($0.location.line):\($0.location.column) \($0.severity) \($0.ruleID)" } == ["3:3 error too-many-attributes"])
        #expect(diagnostics.first?.message.contains("more than 1000 attributes") == true)
    }

    @Test(.timeLimit(.minutes(10)))
    func anSVGWithACrowdedTagIsRefusedAtTheTag() {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="4" height="3">
            <rect \(Self.attributes(640_000)) width="4" height="3"/></svg>
            """
        let outcome = SVGSanitizer.sanitize(Array(svg.utf8), documentName: "crowded.svg")
        guard case .refused(let refusal) = outcome else {
            Issue.record("published: \(outcome)")
            return
        }
        #expect(refusal.line == 2 && refusal.column == 1)
        #expect(refusal.reason.contains("more than 1000 attributes"))
    }

    @Test(.timeLimit(.minutes(10)))
    func anSVGOfTooManyDistinctNamesIsRefusedAtTheTagPastThem() {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="4" height="3">
            \((0..<20_000).map { "<g\($0)/>" }.joined())
            </svg>
            """
        guard case .refused(let refusal) = SVGSanitizer.sanitize(Array(svg.utf8), documentName: "names.svg") else {
            Issue.record("an SVG of 20,000 distinct element names was published")
            return
        }
        #expect(refusal.line == 2)
        #expect(refusal.reason.contains("more than 10000 distinct"))
    }
}
