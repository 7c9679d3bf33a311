import Foundation
import Testing

/// `--start-url` becomes the link of Skip and Start: only a relative URL or an http or https one
/// is accepted; any other is a usage error (64) and nothing is written. A preview given a value
/// it should refuse would serve until stopped: every preview here names a missing appDef, and
/// the time limit ends a hang.
@Suite(.serialized, .timeLimit(.minutes(10)))
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

    /// The page without screens writes the value into `<meta http-equiv="refresh" content="0;
    /// url=...">`, whose parser strips a leading quote (and, where `url=` is left out, reads one
    /// in the value): `'javascript:alert(1)'` is a relative path to a link but `javascript:` to
    /// the refresh. Quotes, white space and anything the refresh reads as a scheme are refused.
    @Test(arguments: [
        "'javascript:alert(1)'", "\"javascript:alert(1)\"", "'data:text/html,<script>alert(1)</script>'",
        "\"data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==\"", "'JavaScript:alert(1)", "../a'b", "url=javascript:alert(1)",
        "URL=data:text/html,x", "../my page.html", "\u{A0}javascript:alert(1)", "javascript\u{3000}:x", "a\u{85}b", "../\u{7F}",
    ])
    func aStartURLTheRefreshWouldReadAsAnotherSchemeIsRefused(_ url: String) throws {
        let out = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try ToolRunner.run(["build", appDef, "--out", out.path, "--start-url", url])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: The value '\(url)' is not allowed for '--start-url <start-url>': "), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func theRefusalSaysWhatTheRefreshReads() throws {
        let quoted = try ToolRunner.run(["build", appDef, "--out", temporaryFolder().path, "--start-url", "'javascript:alert(1)'"])
        #expect(quoted.standardError.contains("it has a quote, which the refresh of the page without screens strips"))
        let prefixed = try ToolRunner.run(["build", appDef, "--out", temporaryFolder().path, "--start-url", "url=javascript:alert(1)"])
        #expect(prefixed.standardError.contains("reads it as a 'javascript:' URL"))
        let spaced = try ToolRunner.run(["build", appDef, "--out", temporaryFolder().path, "--start-url", "../my page.html"])
        #expect(spaced.standardError.contains("it has white space or a control character (U+0020)"))
    }

    @Test(arguments: [
        "../", "../index.html?from=onboarding#top", "/app/", "index.html", "https://example.org/app/", "HTTP://example.org", "//example.org/app/", "./page:1",
        "../app/?next=javascript:alert(1)", "./javascript:alert(1)", "%27javascript:alert(1)%27", "../data:text/html,x", "uurl/",
    ])
    func aRelativeOrWebStartURLIsAccepted(_ url: String) throws {
        let out = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try ToolRunner.run(["build", appDef, "--out", out.path, "--start-url", url, "--quiet"])
        #expect(result.status == 0, "\(result.standardError)")
    }
}
