import Foundation
import Testing

@testable import Linting

/// A name the folder holds written otherwise (case, or 'é' composed or decomposed) is named in a
/// note of the not-found error, so that the author sees why a file that is there was not found.
@Suite struct NearNameTests {
    static let composed = "caf\u{E9}"
    static let decomposed = "cafe\u{301}"

    @Test(
        arguments: [
            (composed, decomposed, "differs only in how its accented letters are encoded"),
            (composed, "CAFE\u{301}", "differs in case and in how its accented letters are encoded"),
            (decomposed, "CAFE\u{301}", "differs in case only"),
        ])
    func anImageNamedOtherwiseIsNamedInANote(named: String, onDisk: String, difference: String) throws {
        let folder = TemporaryFolder()
        try folder.write(
            "app.appDef",
            """
            <app-definition><onboarding-screen>
              <title type="top-title"><translation>Hi</translation></title>
              <onboarding-screen-image lang="default"><image>C:\\pics\\\(named).png</image></onboarding-screen-image>
            </onboarding-screen></app-definition>
            """)
        try FileManager.default.createDirectory(atPath: folder.path("images/onboarding"), withIntermediateDirectories: true)
        #expect(Self.writeFile(atBytePath: Array((folder.path("images/onboarding") + "/").utf8) + Array("\(onDisk).png".utf8)))
        let found = try #require(Linter().lint(path: folder.path("app.appDef")).first { $0.ruleID == "image-not-found" })
        #expect(found.notes.contains { $0.hasPrefix("found '\(onDisk).png', whose name \(difference)") }, "\(found.notes)")
    }

    @Test func aFontNamedOtherwiseIsNamedInANote() throws {
        let folder = TemporaryFolder()
        try folder.write(
            "app.appDef",
            """
            <?xml version="1.0" encoding="utf-8"?>
            <app-definition>
              <fonts><font family="font1"><font-name>Charis SIL</font-name><f format="truetype">\(Self.composed).ttf</f></font></fonts>
              <interface-languages><writing-systems>
                <writing-system code="en" type="interface"><font-family>font1</font-family></writing-system>
              </writing-systems></interface-languages>
              <translation-mappings default-lang="en"><tm id="Button_Skip"><t lang="en">Skip</t></tm></translation-mappings>
              <onboarding-screen><title type="top-title"><t>Welcome</t></title></onboarding-screen>
            </app-definition>
            """)
        try FileManager.default.createDirectory(atPath: folder.path("fonts"), withIntermediateDirectories: true)
        #expect(Self.writeFile(atBytePath: Array((folder.path("fonts") + "/").utf8) + Array("\(Self.decomposed).ttf".utf8)))
        let found = try #require(Linter().lint(path: folder.path("app.appDef")).first { $0.ruleID == "font-not-found" })
        #expect(
            found.notes.contains { $0.hasPrefix("found '\(Self.decomposed).ttf', whose name differs only in how its accented letters are encoded") },
            "\(found.notes)")
    }

    /// Creates an empty file at a path given as bytes, so that no API normalises the name.
    static func writeFile(atBytePath path: [UInt8]) -> Bool {
        let descriptor = (path + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        }
        guard descriptor >= 0 else { return false }
        return close(descriptor) == 0
    }
}
