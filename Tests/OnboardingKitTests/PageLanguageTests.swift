import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// The pages write every language code as BCP 47 does (`wo`, not SAB's `wol`): `lang`, the
/// script's languages and texts; the manifest keeps SAB's codes, by which the PWA looks its
/// languages up; `?lang=` and the PWA's settings may still give SAB's code.
struct PageLanguageTests {
    /// A built project: its folder, and the output's files.
    struct Built {
        let folder = TemporaryFolder()

        init(_ appDef: String, images: [String: Data] = [:]) throws {
            try folder.write("app.appDef", appDef)
            for (name, bytes) in images { try folder.write("images/onboarding/\(name)", bytes) }
            let result = try OnboardingBuilder(options: BuildOptions(outputDirectory: folder.path("out"))).build(appDefPath: folder.path("app.appDef"))
            #expect(result.succeeded, "\(result.diagnostics.map(\.message))")
        }

        func text(_ path: String) throws -> String {
            try String(contentsOfFile: folder.path("out/\(path)"), encoding: .utf8)
        }

        /// What the carousel's script reads.
        func pageData() throws -> [String: Any] {
            let page = try text("index.html")
            let start = try #require(page.range(of: #"<script type="application/json" id="onboarding-data">"#))
            let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
            return try #require(try JSONSerialization.jsonObject(with: Data(page[start.upperBound..<end.lowerBound].utf8)) as? [String: Any])
        }

        func manifest() throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: Data(text("onboarding.json").utf8)) as? [String: Any])
        }
    }

    static let wolof = """
        <?xml version="1.0" encoding="utf-8"?>
        <app-definition type="SAB">
          <interface-languages><writing-systems>
            <writing-system code="wol" type="interface"><trait name="text-direction" value="LTR"/></writing-system>
            <writing-system code="fra" type="interface"><trait name="text-direction" value="LTR"/></writing-system>
            <writing-system code="dyu" type="interface"><trait name="text-direction" value="LTR"/></writing-system>
          </writing-systems></interface-languages>
          <translation-mappings default-lang="wol">
            <translation-mapping id="Button_Skip"><translation lang="wol">Tëb</translation><translation lang="fra">Passer</translation></translation-mapping>
          </translation-mappings>
          <onboarding-screens><onboarding-screen>
            <title type="top-title"><translation>Dalal ak jàmm</translation><translation lang="fra">Bienvenue</translation><translation lang="dyu">I ni ce</translation></title>
          </onboarding-screen></onboarding-screens>
        </app-definition>
        """

    /// Wolof has no Next or Start words of its own, in the appDef or the built-in table: they
    /// are English, and the pages say so where they show them, as for any text in a language
    /// other than the page's (WCAG 3.1.2), so that a screen reader does not read "Next" as Wolof.
    @Test func englishButtonWordsOnAPageInAnotherLanguageAreMarkedEnglish() throws {
        let built = try Built(Self.wolof)
        let page = try built.text("index.html")
        #expect(page.contains(#"data-action="skip" hidden>Tëb</button>"#), "the default language's own words need no mark")
        #expect(page.contains(#"data-action="next" hidden lang="en" dir="ltr">Next</button>"#))
        #expect(page.contains(#"data-action="start" lang="en" dir="ltr">Start</button>"#))
        #expect(page.contains(#"data-screen="1" lang="en" dir="ltr">Start</a>"#), "the page's link without script too")
        #expect(try built.pageData()["buttonLanguages"] as? [String: String] == ["next": "en", "start": "en"])
    }

    @Test func buttonWordsOfTheDefaultLanguageAreNotMarked() throws {
        let built = try Built(Self.wolof.replacingOccurrences(of: #"default-lang="wol""#, with: #"default-lang="fra""#))
        let page = try built.text("index.html")
        #expect(page.contains(#"data-action="next" hidden>Suivant</button>"#), "French from the built-in table")
        #expect(!page.contains(#"lang="en""#))
        #expect(try built.pageData()["buttonLanguages"] == nil, "left out when no button needs it")
    }

    @Test func thePagesCarryTheShortestCodeTheManifestSABs() throws {
        let built = try Built(Self.wolof)
        #expect(try built.text("index.html").contains(#"<html lang="wo" dir="ltr">"#))
        #expect(try built.text("screens/1.html").contains(#"<html lang="wo" dir="ltr">"#))

        let data = try built.pageData()
        #expect(data["defaultLanguage"] as? String == "wo")
        #expect(data["interfaceLanguages"] as? [String] == ["wo", "fr", "dyu"])
        #expect(data["languages"] as? [String] == ["fr", "dyu"])
        #expect(data["languageAliases"] as? [String: String] == ["wol": "wo", "fra": "fr"])
        let screens = try #require(data["screens"] as? [[String: Any]])
        #expect(screens.first?["topTitle"] as? [String: String] == ["default": "Dalal ak jàmm", "fr": "Bienvenue", "dyu": "I ni ce"])
        let buttons = try #require(data["buttons"] as? [String: [String: String]])
        #expect(buttons["skip"]?["wo"] == "Tëb")
        #expect(buttons["skip"]?["fr"] == "Passer")
        #expect(buttons["skip"]?.keys.contains("wol") == false)

        let manifest = try built.manifest()
        #expect(manifest["defaultLanguage"] as? String == "wol")
        #expect(manifest["languages"] as? [String] == ["fra", "dyu"])
        let manifestScreens = try #require(manifest["screens"] as? [[String: Any]])
        #expect(manifestScreens.first?["topTitle"] as? [String: String] == ["default": "Dalal ak jàmm", "fra": "Bienvenue", "dyu": "I ni ce"])
    }

    /// The French words of the carousel's own table serve `fra` as they serve `fr`, and so do its
    /// slide labels.
    @Test func aThreeLetterCodeFindsTheWordsOfItsLanguage() throws {
        let built = try Built(Self.wolof)
        let data = try built.pageData()
        let buttons = try #require(data["buttons"] as? [String: [String: String]])
        #expect(buttons["next"]?["fr"] == "Suivant")
        #expect((data["slideLabel"] as? [String: String])?["fr"] == "{n} sur {m}")
    }

    @Test func theLintNoteSaysWhatThePagesCarry() throws {
        let diagnostics = Linter().lint(bytes: Array(Self.wolof.utf8), path: "app.appDef")
        let notes = diagnostics.filter { $0.ruleID == "invalid-language-code" }
        #expect(notes.allSatisfy { $0.severity == .note })
        #expect(
            notes.map(\.message) == [
                "language code 'wol' is written 'wo' (Wolof) in BCP 47; the pages carry 'wo', the manifest 'wol' as written",
                "language code 'fra' is written 'fr' (French) in BCP 47; the pages carry 'fr', the manifest 'fra' as written",
            ])
        #expect(
            notes.first?.notes == [
                "a visitor whose browser says 'wo' sees this text, and '?lang=wol' still chooses it; write 'wo' if that is the language meant"
            ])
    }

    /// The real Wolof Bible's appDef, with screens in its interface languages: its `wol` is `wo`
    /// on the pages (axe-core's html-lang-valid refuses `wol`), `wol` in the manifest.
    @Test(.enabled(if: RealAppDefs.available, RealAppDefs.absent))
    func theRealWolofAppDefIsWrittenWo() throws {
        let url = try RealAppDefs.file("ngaretou-wolof_bible_assets-json_appDef.appDef")
        let real = try RealAppDefWithScreens(url)
        #expect(real.languages.contains("wol"))
        let built = try Built(real.text)
        let data = try built.pageData()
        #expect((data["interfaceLanguages"] as? [String])?.contains("wo") == true)
        #expect((data["interfaceLanguages"] as? [String])?.contains("wol") == false)
        #expect((data["languageAliases"] as? [String: String])?["wol"] == "wo")
        let title = try #require((data["screens"] as? [[String: Any]])?.first?["topTitle"] as? [String: String])
        #expect(title["wo"] == RealAppDefWithScreens.text("Welcome 1", in: "wol"))
        #expect((try built.manifest()["languages"] as? [String])?.contains("wol") == true)
    }

    /// The review says what a page shows as the script chooses it: a visitor's `wo-SN` or
    /// `wo`, and SAB's `wol`, find the Wolof written `wol`.
    @Test(arguments: ["wo-SN", "wo", "WOL", "wol-SN"])
    func aLanguageIsFoundWhicheverCodeItIsWrittenIn(_ wanted: String) {
        #expect(LanguageLookup.lookup(wanted, among: ["fra", "wol"]) == "wol")
        #expect(LanguageLookup.lookup(wanted, among: ["fr", "dyu"]) == nil)
    }
}
