import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// What each language lacks, and what its readers see instead.
struct MissingTranslationTests {
    static let appDef = """
        <?xml version="1.0" encoding="utf-8"?>
        <app-definition type="SAB">
          <interface-languages><writing-systems>
            <writing-system code="en" type="interface"/>
            <writing-system code="fr" type="interface"/>
            <writing-system code="es-MX" type="interface"/>
            <writing-system code="ar" type="interface"><trait name="text-direction" value="RTL"/></writing-system>
            <writing-system code="de" type="interface" enabled="false"/>
          </writing-systems></interface-languages>
          <translation-mappings default-lang="en"/>
          <onboarding-screen>
            <title type="top-title"><translation>Welcome</translation><translation lang="fr">Bienvenue</translation><translation lang="es">Bienvenido</translation></title>
            <title type="bottom-subtitle"><translation>Read every day</translation><translation lang="fr">Lisez chaque jour</translation></title>
          </onboarding-screen>
        </app-definition>
        """

    @Test func theLanguagesAreTheDefaultTheInterfaceOnesAndTheScreensOnes() throws {
        let report = try ReviewedAppDef(Self.appDef).report
        #expect(report.languages.map(\.code) == ["en", "fr", "es-MX", "ar", "es"], "de is not offered")
        #expect(report.languages.map(\.isDefault) == [true, false, false, false, false])
        #expect(report.languages.map(\.direction) == ["ltr", "ltr", "ltr", "rtl", "ltr"])
    }

    @Test func eachLanguageListsTheTextsItLacksAndTheDefaultTextShown() throws {
        let missing = try ReviewedAppDef(Self.appDef).screen(1).missingTranslations
        let byLanguage = Dictionary(grouping: missing, by: \.language).mapValues { $0.map(\.field) }
        #expect(byLanguage["en"] == nil, "the default language's text is the default text")
        #expect(byLanguage["fr"] == nil)
        #expect(byLanguage["es-MX"] == [.bottomSubtitle], "es-MX finds the es title, as the carousel does")
        #expect(byLanguage["es"] == [.bottomSubtitle])
        #expect(byLanguage["ar"] == [.topTitle, .bottomSubtitle])
        #expect(missing.first { $0.language == "ar" && $0.field == .topTitle }?.shown == "Welcome")
        #expect(missing.first { $0.language == "es" }?.shown == "Read every day")
        #expect(missing.map(\.language) == ["es-MX", "ar", "ar", "es"], "in the review's order of languages")
    }

    /// The lookup the carousel's script does, in Swift: what the review says a page shows is
    /// what the carousel shows.
    @Test func theLookupIsTheCarousels() {
        #expect(LanguageLookup.lookup("es-MX", among: ["fr", "es"]) == "es")
        #expect(LanguageLookup.lookup("es", among: ["es-MX"]) == nil, "a prefix never finds a longer tag")
        #expect(LanguageLookup.lookup("KIR", among: ["Kir"]) == "Kir", "any case; as written")
        #expect(LanguageLookup.lookup("zh_Hant_TW", among: ["zh-Hant"]) == "zh-Hant")
        #expect(LanguageLookup.lookup("de-x-a-b", among: ["de"]) == "de", "a singleton left at the end goes with its subtag")
        #expect(LanguageLookup.lookup("fr", among: []) == nil)
        let text = LocalizedText(defaultText: "Hello", translations: [("fr", "Bonjour"), ("en", "Hi")])
        #expect(text.shown(in: "fr-CA") == ("Bonjour", "fr"))
        #expect(text.shown(in: "en") == ("Hi", "en"), "the default language's own translation wins")
        #expect(text.shown(in: "de") == ("Hello", nil))
        #expect(text.shown(in: nil) == ("Hello", nil))
    }
}
