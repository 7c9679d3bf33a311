import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import OnboardingKit

/// Each family of `<fonts>` a language uses gets its own CSS family, with a face for each of
/// its files: a file two families name is published for both, and two families whose names
/// differ only in characters CSS names leave out are still two.
struct FontFamilyTests {
    /// An appDef whose `en` text is set in `family1` and `fr` text in `family2`, of the files
    /// `file1` and `file2`.
    static func appDef(family1: String, file1: String, family2: String, file2: String) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <app-definition type="SAB">
          <fonts>
            <font family="\(family1)"><font-name>One</font-name><f format="truetype">\(file1)</f></font>
            <font family="\(family2)"><font-name>Two</font-name><f format="truetype">\(file2)</f></font>
          </fonts>
          <interface-languages><writing-systems>
            <writing-system code="en" type="interface"><font-family>\(family1)</font-family></writing-system>
            <writing-system code="fr" type="interface"><font-family>\(family2)</font-family></writing-system>
          </writing-systems></interface-languages>
          <translation-mappings default-lang="en"/>
          <onboarding-screen><title type="top-title"><t>Welcome</t><t lang="fr">Bienvenue</t></title></onboarding-screen>
        </app-definition>
        """
    }

    /// Builds `appDef` with the fonts `files`; the style sheet and the fonts written.
    private func build(_ appDef: String, files: [String: DebianFonts.Font]) throws -> (css: String, fonts: [String], succeeded: Bool) {
        let folder = TemporaryFolder()
        try folder.write("app.appDef", appDef)
        for (name, font) in files { try folder.write("fonts/" + name, font: font) }
        let result = try OnboardingBuilder(options: BuildOptions(outputDirectory: folder.path("out"))).build(appDefPath: folder.path("app.appDef"))
        let css = (try? String(contentsOfFile: folder.path("out/onboarding.css"), encoding: .utf8)) ?? ""
        return (css, result.writtenFiles.filter { $0.hasPrefix("fonts/") }.sorted(), result.succeeded)
    }

    /// The CSS family the style sheet sets `language` in.
    private func family(of language: String, in css: String) throws -> String {
        let rule = try #require(css.firstRange(of: ":lang(\(language)){font-family:\""), "no font rule for \(language)")
        return String(css[rule.upperBound...].prefix { $0 != "\"" })
    }

    /// The file the style sheet's faces give `family`.
    private func faces(of family: String, in css: String) -> [String] {
        css.matches(of: #/@font-face\{font-family:"([^"]+)";src:url\("([^"]+)"\)/#).filter { $0.output.1 == family }.map { String($0.output.2) }
    }

    @Test func aFileOfTwoFamiliesIsAFaceOfBoth() throws {
        let appDef = Self.appDef(family1: "font1", file1: "Shared.ttf", family2: "font2", file2: "Shared.ttf")
        let built = try build(appDef, files: ["Shared.ttf": DebianFonts.charis])
        #expect(built.succeeded)
        #expect(built.fonts.count == 1, "one file serves both: \(built.fonts)")
        for language in ["en", "fr"] {
            let family = try family(of: language, in: built.css)
            #expect(faces(of: family, in: built.css) == built.fonts, "'\(language)' is set in \(family), which has no face: \(built.css)")
        }
    }

    /// A first visit downloads such a file once, though two of its languages' families name it.
    @Test func aFileOfTwoFamiliesIsCountedOnceInAFirstVisit() throws {
        let folder = TemporaryFolder()
        try folder.write("app.appDef", Self.appDef(family1: "font1", file1: "Shared.ttf", family2: "font2", file2: "Shared.ttf"))
        try folder.write("fonts/Shared.ttf", font: DebianFonts.charis)
        let project = try #require(FontBuildTests.project(at: folder.path("app.appDef")))
        let published = FontPublisher.publish(project, cacheFolder: nil).project
        #expect(published.fontAssets.map(\.cssFamily).sorted() == ["sab-font1", "sab-font2"])
        #expect(FirstOpenCosts(project: published, files: []).fontPaths(for: ["fr", "en"]).count == 1)
    }

    @Test func familiesThatDifferInCharactersCSSLeavesOutAreTwo() throws {
        let appDef = Self.appDef(family1: "font1", file1: "Charis.ttf", family2: "font 1", file2: "Andika.ttf")
        let built = try build(appDef, files: ["Charis.ttf": DebianFonts.charis, "Andika.ttf": DebianFonts.andika])
        #expect(built.succeeded)
        let (english, french) = (try family(of: "en", in: built.css), try family(of: "fr", in: built.css))
        #expect(english != french)
        #expect(faces(of: english, in: built.css).map { $0.hasPrefix("fonts/Charis-") } == [true], "\(built.css)")
        #expect(faces(of: french, in: built.css).map { $0.hasPrefix("fonts/Andika-") } == [true], "\(built.css)")
    }

    /// The CSS family of a family name: `sab-` and the name, every character but ASCII letters,
    /// digits and `-` written as `_` and its UTF-8 in hex, so that no two names give one.
    @Test(arguments: [("font1", "sab-font1"), ("font 1", "sab-font_201"), ("font_1", "sab-font_5f1"), ("é", "sab-_c3_a9"), ("a\"b", "sab-a_22b")])
    func aFamilysCSSNameIsItsNameWrittenSafely(_ family: String, _ css: String) {
        #expect(FontPlan.cssFamily(for: family) == css)
    }
}
