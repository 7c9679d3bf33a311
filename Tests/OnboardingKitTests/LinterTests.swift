import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

struct LinterTests {
    /// Files are linted in parallel; the diagnostics are those of each file alone, file by file
    /// in the order given, whatever order the files finish in.
    @Test func manyFilesGiveEachFilesDiagnosticsInTheOrderGiven() {
        let invalid = Fixtures.files(in: "invalid") { $0.pathExtension == "xml" }.map(\.path)
        let samples = Fixtures.sampleAppDefs.map(\.path)
        let paths = Array(repeating: invalid + samples, count: 4).flatMap { $0 }.reversed() + ["/no/such/file.appDef"]
        let linter = Linter()
        let expected = paths.flatMap { linter.lint(path: $0) }
        #expect(paths.count > 100)
        #expect(expected.count > 100)
        #expect(linter.lint(paths: Array(paths)) == expected)
    }
}
