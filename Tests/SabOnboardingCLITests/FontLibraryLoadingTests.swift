import Foundation
import Testing

/// HarfBuzz and the woff2 library are loaded when a build first publishes a font, or when lint
/// first checks what a font draws, never for a project without fonts, and what Debian's woff2
/// prints never reaches the user. Which libraries a process loads, the dynamic loader tells
/// (`LD_DEBUG=files`).
struct FontLibraryLoadingTests {
    static let charis = "/usr/share/fonts/truetype/charis/CharisSIL-Regular.ttf"

    /// A project whose English text is set in Charis SIL, in a new temporary folder.
    static func writeProject() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sab-font-loading-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        let font = try #require(FileManager.default.contents(atPath: charis), "\(charis) is missing: install Debian's fonts-sil-charis (make test-deps)")
        try font.write(to: folder.appendingPathComponent("fonts/CharisSIL-R.ttf"))
        let appDef = """
            <?xml version="1.0" encoding="utf-8"?>
            <app-definition type="SAB">
              <fonts><font family="font1"><font-name>Charis SIL</font-name><f format="truetype">CharisSIL-R.ttf</f></font></fonts>
              <interface-languages><writing-systems>
                <writing-system code="en" type="interface"><font-family>font1</font-family></writing-system>
              </writing-systems></interface-languages>
              <translation-mappings default-lang="en"><tm id="Button_Skip"><t lang="en">Skip</t></tm><tm id="Button_Next"><t lang="en">Next</t></tm><tm id="Button_Start"><t lang="en">Start</t></tm></translation-mappings>
              <onboarding-screen><title type="top-title"><t>Welcome to the Bible</t></title></onboarding-screen>
            </app-definition>
            """
        try Data(appDef.utf8).write(to: folder.appendingPathComponent("app.appDef"))
        return folder
    }

    /// The libraries the dynamic loader opened for the process, from its `LD_DEBUG=files` log.
    static func loaded(_ log: String) -> [String] {
        log.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: "file="), line.contains("dynamically loaded") || line.contains("needed by") else { return nil }
            return String(line[range.upperBound...].prefix { $0 != " " })
        }
    }

    @Test func lintLoadsTheFontLibrariesOnlyForAProjectWithFonts() throws {
        let folder = try Self.writeProject()
        defer { try? FileManager.default.removeItem(at: folder) }
        let appDef = folder.appendingPathComponent("app.appDef")
        let lint = try ToolRunner.run(["lint", appDef.path], environment: ["LD_DEBUG": "files"])
        #expect(lint.status == 0, "\(lint.standardOutput)")
        let libraries = Self.loaded(lint.standardError)
        #expect(libraries.contains { $0.hasPrefix("libxml2") }, "the loader's log is read: \(libraries)")
        #expect(libraries.contains { $0.contains("harfbuzz") }, "lint checks what the font draws: \(libraries)")
        // Without a font for its languages, none.
        let text = try String(contentsOf: appDef, encoding: .utf8).replacingOccurrences(of: "<font-family>font1", with: "<font-family>system")
        try Data(text.utf8).write(to: appDef)
        let plain = try ToolRunner.run(["lint", appDef.path], environment: ["LD_DEBUG": "files"])
        #expect(plain.status == 0, "\(plain.standardOutput)")
        #expect(!Self.loaded(plain.standardError).contains { $0.contains("harfbuzz") || $0.contains("woff2") }, "\(Self.loaded(plain.standardError))")
    }

    @Test func aBuildLoadsThemAndShowsNothingOfTheirs() throws {
        let folder = try Self.writeProject()
        defer { try? FileManager.default.removeItem(at: folder) }
        let appDef = folder.appendingPathComponent("app.appDef").path
        let traced = try ToolRunner.run(["build", appDef, "--out", folder.appendingPathComponent("traced").path], environment: ["LD_DEBUG": "files"])
        #expect(traced.status == 0)
        let libraries = Self.loaded(traced.standardError)
        for library in ["libharfbuzz.so.0", "libharfbuzz-subset.so.0", "libwoff2enc.so.1.0.2", "libwoff2dec.so.1.0.2"] {
            #expect(libraries.contains(library), "\(library) is not in \(libraries)")
        }
        let build = try ToolRunner.run(["build", appDef, "--out", folder.appendingPathComponent("out").path])
        #expect(build.status == 0)
        #expect(build.standardError.isEmpty, "\(build.standardError)")
        let fonts = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out/fonts").path)
        #expect(fonts.count == 1 && fonts.allSatisfy { $0.hasSuffix(".woff2") }, "\(fonts)")
    }

    /// The build says how many fonts it subset and how many it took from the cache, which lives
    /// in the user's cache folder.
    @Test func theBuildSaysWhatItSubsetAndWhatItReused() throws {
        let folder = try Self.writeProject()
        defer { try? FileManager.default.removeItem(at: folder) }
        let appDef = folder.appendingPathComponent("app.appDef").path
        let environment = ["XDG_CACHE_HOME": folder.appendingPathComponent("cache").path]
        let first = try ToolRunner.run(["build", appDef, "--out", folder.appendingPathComponent("one").path], environment: environment)
        #expect(first.standardOutput.contains("(fonts: 1 subset, 0 reused from the cache)"), "\(first.standardOutput)")
        let second = try ToolRunner.run(["build", appDef, "--out", folder.appendingPathComponent("two").path], environment: environment)
        #expect(second.standardOutput.contains("(fonts: 0 subset, 1 reused from the cache)"), "\(second.standardOutput)")
        let fonts = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("cache/sab-onboarding/fonts").path)
        #expect(fonts.count == 1 && fonts.allSatisfy { $0.hasSuffix(".webfont") }, "\(fonts)")
    }

    /// Without OTS (`ots-sanitize`), which every published font must pass, the build says what
    /// to install, and publishes no font unchecked. (Lint, as without HarfBuzz, leaves what a
    /// font draws to the build then.)
    @Test func withoutTheBrowsersFontSanitizerTheBuildSaysWhatToInstall() throws {
        let folder = try Self.writeProject()
        defer { try? FileManager.default.removeItem(at: folder) }
        let appDef = folder.appendingPathComponent("app.appDef").path
        let environment = ["PATH": "/nonexistent", "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path]
        let build = try ToolRunner.run(["build", appDef, "--out", folder.appendingPathComponent("out").path], environment: environment)
        #expect(build.status != 0, "the build passed without OTS")
        #expect(
            build.standardError.contains("'ots-sanitize' is not on PATH: install Debian's or Ubuntu's opentype-sanitizer"), "\(build.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/fonts").path))
    }

    /// A temporary folder that cannot be made is a problem of the machine, said as such, not a
    /// font that is not one.
    @Test func aTemporaryFolderThatCannotBeMadeIsSaidAsSuch() throws {
        let folder = try Self.writeProject()
        defer { try? FileManager.default.removeItem(at: folder) }
        let appDef = folder.appendingPathComponent("app.appDef").path
        let environment = ["TMPDIR": "/nonexistent", "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path]
        let build = try ToolRunner.run(["build", appDef, "--out", folder.appendingPathComponent("out").path], environment: environment)
        #expect(build.status != 0)
        #expect(build.standardError.contains("no private temporary folder can be made in '/nonexistent' (TMPDIR)"), "\(build.standardError)")
        #expect(build.standardError.contains("[font-not-published]") && !build.standardError.contains("font-not-a-font"), "\(build.standardError)")
    }
}
