import Foundation
import Testing

/// A file name is bytes: an appDef named in Latin-1 (`caf\xE9.appDef`, from an old archive or
/// another system) is linted and built, and its name is shown with the byte written `\xE9`.
/// The tool is run from a shell, because a test process's arguments are Swift strings, which
/// cannot hold such bytes.
@Suite(.timeLimit(.minutes(10)))
struct NonUTF8FileNameTests {
    /// Runs `script` in `/bin/sh` in `folder`, where `$TOOL` is the tool and `$NAME` the Latin-1
    /// file name `caf\xE9.appDef`, `$OUT` the Latin-1 folder name `o\xE9ut`.
    private func run(_ script: String, in folder: URL) throws -> ToolRunner.Result {
        let setup = #"NAME=$(printf 'caf\351.appDef'); OUT=$(printf 'o\351ut'); "#
        return try ToolRunner.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", setup + script], in: folder, environment: ["TOOL": ToolRunner.executable.path])
    }

    @Test func anAppDefNamedInLatin1IsLintedAndBuilt() throws {
        let sample = try SampleCopy()
        let copy = try run(#"cp builders.appDef "$NAME""#, in: sample.folder)
        #expect(copy.status == 0, "\(copy.standardError)")

        let lint = try run(#""$TOOL" lint "$NAME""#, in: sample.folder)
        #expect(lint.status == 0, "\(lint.standardError)")

        let build = try run(#""$TOOL" build "$NAME" --out "$OUT" && test -f "$OUT/index.html" && test -f "$OUT/onboarding.json""#, in: sample.folder)
        #expect(build.status == 0, "\(build.standardError)")
        #expect(build.standardOutput.hasPrefix("Built 4 screens into o\\xE9ut/index.html (images: "))
    }

    @Test func itsDiagnosticsShowTheByteInEveryFormat() throws {
        let sample = try SampleCopy()
        try sample.edit { $0.replacingOccurrences(of: "RainAndFloods.jpg", with: "Missing.jpg") }
        _ = try run(#"cp builders.appDef "$NAME""#, in: sample.folder)

        let text = try run(#""$TOOL" lint "$NAME""#, in: sample.folder)
        #expect(text.standardOutput.contains("caf\\xE9.appDef:126:9: error: image 'Missing.jpg' not found"), "\(text.standardOutput)\(text.standardError)")
        let json = try run(#""$TOOL" lint --format json "$NAME""#, in: sample.folder)
        #expect(json.standardOutput.contains(#""file": "caf\\xE9.appDef""#), "\(json.standardOutput)")
        let sarif = try run(#""$TOOL" lint --format sarif "$NAME""#, in: sample.folder)
        #expect(sarif.standardOutput.contains(#""uri": "caf%E9.appDef""#), "\(sarif.standardOutput)")
        let github = try run(#""$TOOL" lint --format github "$NAME""#, in: sample.folder)
        #expect(github.standardOutput.contains("::error file=caf\\xE9.appDef,line=126,col=9,"), "\(github.standardOutput)")
        // Every report is valid UTF-8: no byte of the name reaches it raw.
        for result in [text, json, sarif, github] {
            #expect(!result.standardOutput.contains("\u{FFFD}") && !result.standardError.contains("\u{FFFD}"))
        }
    }
}
