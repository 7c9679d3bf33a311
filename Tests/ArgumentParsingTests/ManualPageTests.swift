import Foundation
import Testing

@testable import ArgumentParsing

struct ManualPageTests {
    @Test func describesEveryCommandArgumentAndOption() {
        let page = SampleTool.tool.manualPage()
        for line in [
            ".Dt SAMPLE 1", ".Nm sample", ".Nd A sample tool.", ".It Em copy", ".It Em group show", ".It Ar files ...",
            ".It Fl -mode Ar mode", ".It Fl -dry-run", ".It Fl h , -help", ".Sh EXIT STATUS",
        ] {
            #expect(page.contains("\n" + line + "\n"), "\(line)")
        }
        #expect(page.contains("How to copy. (values: fast, safe; default: fast)"))
    }

    @Test func groffFormatsItWithoutAWarning() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sample-\(UUID().uuidString).1").path
        try SampleTool.tool.manualPage().write(toFile: path, atomically: true, encoding: .utf8)
        let warnings = try Shell.run("sh", ["-c", "groff -mandoc -Tutf8 -ww -z '\(path)' 2>&1"])
        #expect(warnings.isEmpty, "\(warnings)")
        let rendered = try Shell.run("sh", ["-c", "groff -mandoc -Tutf8 '\(path)' | col -b"])
        #expect(rendered.contains("A sample tool."))
        #expect(rendered.contains("--mode mode"))
    }

    @Test func textThatWouldBeARequestIsGuarded() {
        #expect(ManualPage.escaped(".hidden") == "\\&.hidden")
        #expect(ManualPage.escaped("'quoted'") == "\\&'quoted'")
        #expect(ManualPage.escaped("a\\b") == "a\\eb")
        #expect(ManualPage.escaped("plain") == "plain")
    }
}
