import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// What the carousel takes from the rest of the appDef: button words, directions, colours.
struct AppSettingsTests {
    /// A real file with one screen added before its end, in the file's own form.
    static func realFile(_ name: String, languages: [String]) throws -> (text: String, syntax: AppDefSyntax) {
        let url = try RealAppDefs.file(name)
        var text = try String(contentsOf: url, encoding: .utf8)
        let tag = text.contains("<tm ") ? "t" : "translation"
        let translations = languages.map { "<\(tag) lang=\"\($0)\">x</\(tag)>" }.joined()
        let screen = "<onboarding-screen><title type=\"top-title\"><\(tag)>Welcome</\(tag)>\(translations)</title></onboarding-screen>"
        let end = try #require(text.range(of: "</app-definition>", options: .backwards))
        text.insert(contentsOf: screen, at: end.lowerBound)
        return (text, AppDefReader.read(bytes: Array(text.utf8), file: name))
    }

    @Test(.enabled(if: RealAppDefs.available, RealAppDefs.absent)) func buttonWordsInFourLanguagesFromTheLongForm() throws {
        let (_, syntax) = try Self.realFile("Sango_Transition_Guide.appDef", languages: ["fr", "es", "pt", "ru"])
        let labels = ButtonLabelResolver(syntax: syntax).resolve(for: ["fr", "es", "pt", "ru"])
        #expect(syntax.defaultLanguage == "en")
        #expect(labels.labels.skip.defaultText == "Skip")
        let skip = Dictionary(uniqueKeysWithValues: labels.labels.skip.translations.map { ($0.language, $0.text) })
        #expect(skip["fr"] == "Sauter")
        #expect(skip["es"] == "Omitir")
        #expect(skip["pt"] == "Omitir")
        #expect(skip["ru"] == "Пропустить")
    }

    @Test(.enabled(if: RealAppDefs.available, RealAppDefs.absent)) func buttonWordsInFourLanguagesFromTheShortForm() throws {
        let (text, syntax) = try Self.realFile("appbuilder-pwa_characterization_test_app1_appdef.xml", languages: ["fr", "es", "de", "en"])
        let labels = ButtonLabelResolver(syntax: syntax).resolve(for: ["fr", "es", "de"])
        #expect(text.contains("<tm id=\"Button_Skip\">"))
        let skip = Dictionary(uniqueKeysWithValues: labels.labels.skip.translations.map { ($0.language, $0.text) })
        #expect(labels.labels.skip.defaultText == "Skip")
        #expect(skip["fr"] == "Sauter")
        #expect(skip["es"] == "Omitir")
        #expect(skip["de"] == "Überspringen")
    }

    @Test(.enabled(if: RealAppDefs.available, RealAppDefs.absent)) func theOneLineExportsDefaultLanguageIsItsOwn() throws {
        let (_, syntax) = try Self.realFile("Ind-Zikundwa_data_appdef.xml", languages: ["fr", "de"])
        #expect(syntax.defaultLanguage == "Kir")
        #expect(syntax.buttonMappings.keys.sorted() == ["Button_Next", "Button_Skip", "Button_Start"])
        #expect(WritingSystems(syntax.interfaceLanguages).system(for: "kir")?.fontFamily == "font20")
    }

    @Test func aLanguageWithoutMappingTakesTheTableThenTheDefault() throws {
        let syntax = AppDefReader.read(
            bytes: Array(
                """
                <app-definition><translation-mappings default-lang="en">
                <tm id="Button_Next"><t lang="en">Continue</t><t lang="es">Seguir</t></tm>
                </translation-mappings></app-definition>
                """.utf8), file: "x")
        let (labels, fallbacks) = ButtonLabelResolver(syntax: syntax).resolve(for: ["es-MX", "sw", "xx"])
        let next = Dictionary(uniqueKeysWithValues: labels.next.translations.map { ($0.language, $0.text) })
        #expect(labels.next.defaultText == "Continue")
        #expect(next["en"] == "Continue", "the default language's own words are kept, under its code")
        #expect(next["es"] == "Seguir")
        #expect(next["es-MX"] == "Seguir", "es-MX takes the appDef's es")
        #expect(next["sw"] == "Inayofuata", "sw takes the table")
        #expect(next["xx"] == nil, "xx shows the default text")
        let skip = Dictionary(uniqueKeysWithValues: labels.skip.translations.map { ($0.language, $0.text) })
        #expect(skip["es-MX"] == "Omitir")
        #expect(labels.skip.defaultText == "Skip")
        #expect(fallbacks.map(\.language) == ["en", "es-MX", "sw", "xx"], "the default language first")
        #expect(fallbacks.first?.isDefaultLanguage == true && fallbacks.first?.fromTable == true)
        #expect(fallbacks.first?.buttons == ["Button_Skip", "Button_Start"])
        #expect(fallbacks.first { $0.language == "xx" }?.fromTable == false)
        #expect(fallbacks.first { $0.language == "es-MX" }?.buttons == ["Button_Skip", "Button_Start"])
    }

    @Test func theTableCoversTheCommonSABInterfaceLanguages() {
        for language in ["en", "fr", "es", "pt", "de", "ru", "ar", "fa", "hi", "id", "ms", "sw", "zh", "ko", "tr", "vi", "th", "am", "my", "ur"] {
            let words = ButtonLabelTable.words(for: language)
            #expect(words != nil && !words!.skip.isEmpty && !words!.next.isEmpty && !words!.start.isEmpty, "\(language)")
            #expect(InterfaceStrings.slideLabelPattern(for: language)?.contains("{n}") == true, "\(language)")
        }
    }

    @Test func directionFromTheWritingSystemTraitThenTheBuiltInList() {
        let systems = WritingSystems(
            AppDefReader.read(
                bytes: Array(
                    """
                    <app-definition><interface-languages><writing-systems>
                    <writing-system code="xyz" type="interface"><trait name="text-direction" value="RTL"/></writing-system>
                    <writing-system code="ar" type="interface"><trait name="text-direction" value="LTR"/></writing-system>
                    </writing-systems></interface-languages></app-definition>
                    """.utf8), file: "x"
            ).interfaceLanguages)
        #expect(systems.isRightToLeft("xyz"), "from the trait")
        #expect(systems.isRightToLeft("XYZ"), "any case")
        #expect(!systems.isRightToLeft("ar"), "the trait wins over the list")
        #expect(!systems.isRightToLeft("ar-EG"), "ar-EG takes the writing system of ar")
        #expect(WritingSystems().isRightToLeft("ar-EG"), "without writing systems, the built-in list")
        for rtl in ["fa", "ur", "he", "ps", "sd", "ug", "dv", "syr", "nqo", "yi", "ckb", "rhg", "az-Arab", "ff-Adlm"] {
            #expect(systems.isRightToLeft(rtl), "\(rtl)")
        }
        for ltr in ["en", "fr", "ku-Latn", "Kir", "sw", "zh-Hant"] {
            #expect(!systems.isRightToLeft(ltr), "\(ltr)")
        }
    }

    @Test func paletteColoursFollowNamesAndStopAtACycle() {
        let syntax = AppDefReader.read(
            bytes: Array(
                """
                <app-definition><colors type="main">
                <color name="PrimaryColor"><cm theme="Normal" value="#FF5722"/><cm theme="Dark" value="AccentColor"/></color>
                <color name="TitlesColor"><cm theme="Normal" value="PrimaryColor"/><cm theme="Sepia" value="TextColor"/></color>
                <color name="TextColor"><cm theme="Sepia" value="TitlesColor"/></color>
                <color name="AccentColor"><cm theme="Dark" value="#80CBC4"/></color>
                </colors></app-definition>
                """.utf8), file: "x")
        let palette = ColorPalette(syntax.mainColors)
        #expect(palette.resolve("TitlesColor", theme: .normal) == .success(HexColor(appDefValue: "#FF5722")!))
        #expect(palette.resolve("PrimaryColor", theme: .dark) == .success(HexColor(appDefValue: "#80CBC4")!))
        #expect(palette.resolve("TitlesColor", theme: .sepia) == .failure(.cycle(["TitlesColor", "TextColor", "TitlesColor"])))
        #expect(palette.resolve("TextColor", theme: .normal) == nil, "no value for that theme")
    }

    @Test func readableColoursAreChosenWhenThePaletteFallsShort() throws {
        let palette = ColorPalette(
            AppDefReader.read(
                bytes: Array(
                    """
                    <app-definition><colors type="main">
                    <color name="TextColor"><cm theme="Normal" value="#000000"/></color>
                    <color name="PrimaryColor"><cm theme="Normal" value="#FFEB3B"/></color>
                    </colors></app-definition>
                    """.utf8), file: "x"
            ).mainColors)
        let resolver = ScreenColorResolver(palette: palette)
        let dark = OnboardingScreen(number: 1, background: Background(mode: .custom, normal: HexColor(appDefValue: "#101010")))
        let (colors, problems) = resolver.colors(of: dark, theme: .normal)
        #expect(colors.text == .white)
        #expect(colors.accent == HexColor(appDefValue: "#FFEB3B"), "yellow on near black is fine for a button")
        #expect(problems.map(\.colorName) == ["TextColor"])
        for theme in ColorTheme.allCases {
            let chosen = resolver.colors(of: dark, theme: theme).colors
            #expect(chosen.text.contrastRatio(with: chosen.background) >= 4.5)
            #expect(chosen.title.contrastRatio(with: chosen.background) >= 4.5)
            #expect(chosen.accent.contrastRatio(with: chosen.background) >= 3)
            #expect(chosen.onAccent.contrastRatio(with: chosen.accent) >= 4.5)
        }
    }

    @Test func contrastRatiosMatchWCAG() {
        #expect(abs(HexColor.black.contrastRatio(with: .white) - 21) < 0.01)
        #expect(abs(HexColor(appDefValue: "#777777")!.contrastRatio(with: .white) - 4.48) < 0.01)
        #expect(HexColor(appDefValue: "#80FFFFFF")!.overWhite == .white)
        #expect(HexColor(appDefValue: "#80000000")!.overWhite == HexColor(appDefValue: "#7F7F7F")!)
    }

    @Test func pwaThemeNamesAreThemesOfTheirOwnWithANearestSABTheme() {
        #expect(ColorTheme(name: "Sage") == .sage)
        #expect(ColorTheme(name: "Rose") == .rose)
        #expect(ColorTheme(name: "Charcoal") == .charcoal)
        #expect(ColorTheme(name: "DARK") == .dark)
        #expect(ColorTheme(name: "Neon") == nil)
        #expect(ColorTheme.allCases.map(\.base) == [.normal, .sepia, .dark, .normal, .sepia, .dark])
    }
}
