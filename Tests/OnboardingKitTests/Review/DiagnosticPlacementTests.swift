import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// Each diagnostic goes beside the screen it points into; the rest are the appDef's as a whole.
struct DiagnosticPlacementTests {
    static let appDef = """
        <?xml version="1.0" encoding="utf-8"?>
        <app-definition type="SAB">
          <colors type="main">
            <color name="PrimaryColor"><color-mapping theme="Normal" value="NoSuchColour"/></color>
          </colors>
          <translation-mappings default-lang="en"/>
          <onboarding-screen>
            <title type="top-title"><translation>One</translation></title>
          </onboarding-screen>
          <onboarding-screen>
            <title type="top-title"><translation>Two</translation></title>
            <sparkle/>
          </onboarding-screen>
          <onboarding-screen>
            <title type="top-title"><translation>Three</translation></title>
            <features type="onboarding-screen"><feature name="image-max-height" value="40"/></features>
          </onboarding-screen>
        </app-definition>
        """

    /// The project file's form, and the PWA export's, written on one line: there the screens
    /// differ by column alone.
    @Test(arguments: [false, true])
    func eachDiagnosticIsBesideTheScreenItPointsInto(onOneLine: Bool) throws {
        let text =
            onOneLine
            ? Self.appDef.split(separator: "\n").map { $0.drop { $0 == " " } }.joined() : Self.appDef
        let reviewed = try ReviewedAppDef(text)
        let report = reviewed.report
        #expect(report.screens.map { $0.diagnostics.map(\.ruleID) } == [[], ["unknown-element"], ["image-max-height-without-image"]])
        #expect(report.generalDiagnostics.map(\.ruleID).contains("invalid-palette-color"))
        #expect(!report.generalDiagnostics.contains { ["unknown-element", "image-max-height-without-image"].contains($0.ruleID) })
        // Every diagnostic once: beside a screen or with the appDef's.
        #expect(report.screens.map(\.diagnostics.count).reduce(0, +) + report.generalDiagnostics.count == report.diagnostics.count)
        #expect(report.diagnostics == reviewed.review.diagnostics)
        // Where each screen starts, for the page's heading.
        let starts = report.screens.map(\.location)
        #expect(starts.count == 3 && starts == starts.sorted())
        #expect(Set(starts.map(\.line)).count == (onOneLine ? 1 : 3))
    }

    /// A diagnostic of another file (a template of `--templates`) at a line and column inside a
    /// screen is not that screen's.
    @Test func aDiagnosticOfAnotherFileIsTheAppDefsAsAWhole() throws {
        let reviewed = try ReviewedAppDef(Self.appDef)
        let screen = try #require(reviewed.report.screens.last)
        let elsewhere = Diagnostic(
            ruleID: "template-error", severity: .warning,
            location: SourceLocation(file: "my-templates/index.html.mustache", line: screen.location.line, column: screen.location.column + 2),
            message: "x")
        let inside = Diagnostic(
            ruleID: "empty-text", severity: .warning,
            location: SourceLocation(file: screen.location.file, line: screen.location.line, column: screen.location.column + 2),
            message: "y")
        let syntax = AppDefReader.read(bytes: Array(Self.appDef.utf8), file: screen.location.file)
        let placement = DiagnosticPlacement([elsewhere, inside], screens: syntax.screens, file: syntax.file)
        #expect(placement.rest == [elsewhere])
        #expect(placement.byScreen.map(\.count) == [0, 0, 1])
    }
}
