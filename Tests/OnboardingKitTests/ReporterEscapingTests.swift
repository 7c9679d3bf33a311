import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// Messages quote the appDef, and a path is whatever the file is called: either can hold line
/// breaks, terminal escapes or bidi controls. In a CI log a line break followed by `::error`
/// would be a workflow command of its own; an escape sequence can rewrite a terminal; a bidi
/// control can make a line read differently from what it says. No report lets them act.
extension ReporterTests {
    struct Escaping {
        /// A line break and a forged workflow command, CR, a terminal escape (C0 and C1), DEL,
        /// NEL, a line separator and bidi controls, in the path, the message and a note.
        static let hostile = Diagnostic(
            ruleID: "invalid-color", severity: .error,
            location: SourceLocation(file: "app\n::error file=x::forged.xml", line: 3, column: 5),
            message: "'red\n::error file=a,line=1::forged' is not a colour\r\u{1B}[2J\u{9B}31m\u{7F}\u{85}\u{2028}",
            notes: ["note\n::warning::forged", "\u{202E}txt\u{2066}\u{2069}\u{200F}\u{200E}\u{61C}\u{202A}\u{202C}\u{9}end"])

        /// The characters no report may print as they are, except the line feeds it writes itself.
        static func isControlOrBidi(_ scalar: Unicode.Scalar) -> Bool {
            let value = scalar.value
            return value < 0x20 || (0x7F...0x9F).contains(value) || [0x200E, 0x200F, 0x061C, 0x2028, 0x2029].contains(value)
                || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
        }

        private func rawControls(in report: String) -> [String] {
            report.unicodeScalars.filter { $0 != "\n" && Self.isControlOrBidi($0) }.map { "U+" + String($0.value, radix: 16) }
        }

        @Test func theTextReportShowsControlAndBidiCharactersAsTheirCodes() {
            let report = TextReporter().report([Self.hostile])
            #expect(rawControls(in: report).isEmpty, "\(rawControls(in: report))")
            let lines = report.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == 4, "one line for the diagnostic and one per note: \(lines)")
            #expect(lines[0].hasPrefix("app<U+000A>::error file=x::forged.xml:3:5: error: 'red<U+000A>::error file=a,line=1::forged'"))
            #expect(lines[0].hasSuffix("colour<U+000D><U+001B>[2J<U+009B>31m<U+007F><U+0085><U+2028> [invalid-color]"))
            #expect(lines[2].hasSuffix("note: <U+202E>txt<U+2066><U+2069><U+200F><U+200E><U+061C><U+202A><U+202C><U+0009>end"))
        }

        @Test func aColouredTextReportWritesOnlyItsOwnEscapes() {
            let report = TextReporter(colored: true).report([Self.hostile])
            let escapes = report.unicodeScalars.filter { $0 == "\u{1B}" }.count
            let plain = TextReporter(colored: false).report([Self.hostile])
            // Bold location, coloured label, bold message; a coloured label on each note: each
            // opened and reset.
            #expect(escapes == 2 * (3 + 2))
            #expect(report.contains("<U+001B>[2J"))
            #expect(plain.contains("<U+001B>[2J"))
        }

        @Test func theGitHubReportIsOneWorkflowCommandPerDiagnostic() {
            let report = GitHubReporter().report([Self.hostile])
            #expect(rawControls(in: report).isEmpty, "\(rawControls(in: report))")
            let lines = report.split(separator: "\n")
            #expect(lines.count == 1, "\(lines)")
            #expect(lines[0].hasPrefix("::error file=app<U+000A>%3A%3Aerror file=x%3A%3Aforged.xml,line=3,col=5,title=invalid-color::"))
            // The notes are lines of the annotation (%0A); the message's own line break is not.
            #expect(lines[0].contains("'red<U+000A>::error file=a,line=1::forged' is not a colour<U+000D><U+001B>"))
            #expect(lines[0].contains("%0Anote<U+000A>::warning::forged%0A<U+202E>txt"))
        }

        @Test func jsonAndSARIFKeepTheTextButEscapeEveryControlAndBidiCharacter() throws {
            for report in [JSONReporter().report([Self.hostile]), SARIFReporter(workingDirectory: "/work").report([Self.hostile])] {
                #expect(rawControls(in: report).isEmpty, "\(rawControls(in: report))")
                #expect(report.contains("\\u202e") && report.contains("\\u009b") && report.contains("\\u0085"))
                let parsed = try JSONSerialization.jsonObject(with: Data(report.utf8))
                // Escaped for JSON only: a reader of the JSON gets the message as it was (SARIF's
                // text is the message, then the notes).
                #expect(Self.contains(parsed, textStartingWith: Self.hostile.message))
            }
        }

        /// A real appDef: a colour value with `&#10;` and a forged command reaches the message.
        @Test func aForgedCommandInAnAppDefStaysInsideItsAnnotation() {
            let appDef = """
                <?xml version="1.0" encoding="utf-8"?>
                <app-definition type="SAB"><onboarding-screens><onboarding-screen>
                  <title type="top-title"><translation>Welcome</translation></title>
                  <features type="onboarding-screen">
                    <feature name="background" value="custom"/>
                    <feature name="background-normal" value="green&#10;::error file=README.md,line=1::forged&#x202E;"/>
                  </features>
                </onboarding-screen></onboarding-screens></app-definition>
                """
            let diagnostics = Linter().lint(bytes: Array(appDef.utf8), path: "app.appDef")
            let report = GitHubReporter().report(diagnostics)
            let lines = report.split(separator: "\n")
            #expect(lines.count == diagnostics.count && !lines.isEmpty)
            #expect(
                lines.allSatisfy {
                    $0.hasPrefix("::error file=app.appDef,") || $0.hasPrefix("::warning file=app.appDef,") || $0.hasPrefix("::notice file=app.appDef,")
                }, "\(lines)")
            #expect(report.contains("green<U+000A>::error file=README.md,line=1::forged<U+202E>"))
        }

        private static func contains(_ value: Any, textStartingWith text: String) -> Bool {
            if let string = value as? String { return string.hasPrefix(text) }
            if let array = value as? [Any] { return array.contains { contains($0, textStartingWith: text) } }
            if let object = value as? [String: Any] { return object.values.contains { contains($0, textStartingWith: text) } }
            return false
        }
    }
}
