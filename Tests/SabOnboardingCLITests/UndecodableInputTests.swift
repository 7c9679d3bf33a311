import Foundation
import Testing

/// A file that cannot be decoded to its end fails lint and builds nothing, and the user sees the
/// tool's diagnostics only: libxml2 prints nothing of its own on either stream.
struct UndecodableInputTests {
    @Test(arguments: [
        "malformed-xml--windows-1252-undefined-byte.xml", "malformed-xml--shift-jis-invalid-sequence.xml",
        "malformed-xml--utf-16-lone-surrogate.xml", "unsupported-encoding--ebcdic.xml",
    ])
    func onlyTheToolsDiagnosticsArePrintedAndNothingIsBuilt(_ name: String) throws {
        let path = "Tests/OnboardingKitTests/Fixtures/invalid/" + name
        let lint = try ToolRunner.run(["lint", path])
        #expect(lint.status == 1)
        expectOnlyDiagnostics(of: path, in: lint)
        #expect(lint.standardOutput.contains(": error: "))

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sab-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let build = try ToolRunner.run(["build", path, "--out", folder.path])
        #expect(build.status == 1)
        expectOnlyDiagnostics(of: path, in: build)
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    /// Every line printed is a diagnostic of `path` or a line of the tool's own.
    private func expectOnlyDiagnostics(of path: String, in result: ToolRunner.Result) {
        for line in (result.standardOutput + result.standardError).split(separator: "\n") {
            #expect(line.hasPrefix(path + ":") || line.hasPrefix("sab-onboarding: "), "printed: \(line)")
        }
    }
}
