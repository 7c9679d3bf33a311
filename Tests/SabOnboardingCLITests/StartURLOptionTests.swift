import Foundation
import Testing

/// `--start-url` becomes the link of Skip and Start: only a relative URL or an http or https one
/// is accepted; any other is a usage error (64) and nothing is written. A preview given a value
/// it should refuse would serve until stopped: every preview here names a missing appDef, and
/// the time limit ends a hang.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct StartURLOptionTests {
    let appDef = "Samples/builders/builders.appDef"

    /// A folder that does not exist yet, removed after the test.
    private func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("sab-options-\(UUID().uuidString)")
    }

    @Test(arguments: [
        "javascript:alert(1)", "JavaScript:alert(1)", "data:text/html,<script>alert(1)</script>", "file:///etc/passwd",
        "vbscript:msgbox(1)", "blob:https://example.org/x", " javascript:alert(1)", "java\tscript:alert(1)", "java\nscript:x",
        "mailto:someone@example.org",
    ])
    func aStartURLOfAnotherSchemeIsRefused(_ url: String) throws {
        let out = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try ToolRunner.run(["build", appDef, "--out", out.path, "--start-url", url])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: The value '\(url)' is not allowed for '--start-url <start-url>': "))
        #expect(result.standardError.contains("give a relative URL (such as ../index.html) or an http or https one"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
        // A missing appDef: were the value accepted, the preview would stop at once with 1.
        let preview = try ToolRunner.run(["preview", "Samples/builders/no-such.appDef", "--port", "0", "--start-url", url])
        #expect(preview.status == 64)
        #expect(preview.standardOutput.isEmpty)
    }

    @Test(arguments: [
        "../", "../index.html?from=onboarding#top", "/app/", "index.html", "https://example.org/app/", "HTTP://example.org", "//example.org/app/", "./page:1",
    ])
    func aRelativeOrWebStartURLIsAccepted(_ url: String) throws {
        let out = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try ToolRunner.run(["build", appDef, "--out", out.path, "--start-url", url, "--quiet"])
        #expect(result.status == 0, "\(result.standardError)")
    }
}
