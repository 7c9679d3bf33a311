import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// Where the palette gives a theme no colour, the carousel uses SAB's stock colours of that
/// theme: a default screen in Dark or Charcoal is dark, as the app is, not white.
struct StockColorsTests {
    /// The Wolof Bible's palette (SAB 13.1): PrimaryColor alone.
    static let wolofPalette = """
        <?xml version="1.0" encoding="utf-8"?>
        <app-definition type="SAB">
          <colors type="main">
            <color name="PrimaryColor"><color-mapping theme="Normal" value="#083F0E"/><color-mapping theme="Sepia" value="#4E342E"/><color-mapping theme="Dark" value="#181818"/></color>
          </colors>
          <onboarding-screens>
            <onboarding-screen><title type="top-title"><translation>Dalal ak jàmm</translation></title></onboarding-screen>
            <onboarding-screen><title type="top-title"><translation>Two</translation></title>
              <features type="onboarding-screen"><feature name="background" value="custom"/><feature name="background-normal" value="#E8F5E9"/><feature name="background-dark" value="#1B5E20"/></features>
            </onboarding-screen>
          </onboarding-screens>
        </app-definition>
        """

    private func build(_ appDef: String) throws -> PageLanguageTests.Built {
        try PageLanguageTests.Built(appDef)
    }

    private func backgrounds(_ manifest: [String: Any]) throws -> [[String: String]] {
        let screens = try #require(manifest["screens"] as? [[String: Any]])
        return screens.map { ($0["background"] as? [String: String]) ?? [:] }
    }

    @Test func aDefaultScreenIsDarkInDarkAndCharcoalWhereThePaletteGivesNoBackground() throws {
        let built = try build(Self.wolofPalette)
        let backgrounds = try backgrounds(built.manifest())
        #expect(
            backgrounds.first == [
                "mode": "default", "normal": "#ffffff", "sepia": "#e9d8ba", "dark": "#000000", "sage": "#ffffff", "rose": "#e9d8ba",
                "charcoal": "#000000",
            ])
        // A custom screen keeps its own.
        #expect(backgrounds.last?["dark"] == "#1b5e20" && backgrounds.last?["charcoal"] == "#1b5e20")

        // The style sheet as published: compacted.
        let css = try built.text("onboarding.css")
        let first = try #require(css.range(of: "[data-screen=\"1\"]{")).upperBound
        let block = css[first..<(try #require(css.range(of: "}", range: first..<css.endIndex)).lowerBound)]
        for line in [
            "--onboarding-background-dark:#000000", "--onboarding-text-dark:#e0e0e0", "--onboarding-title-dark:#e0e0e0",
            "--onboarding-background-sepia:#e9d8ba", "--onboarding-text-sepia:#5a4129", "--onboarding-title-sepia:#513a24",
            "--onboarding-accent-sepia:#4e342e",
        ] {
            #expect(block.contains(line), "\(line)")
        }
        // SAB's Dark PrimaryColor is near black: on black, the buttons are white.
        #expect(block.contains("--onboarding-accent-dark:#ffffff"))
    }

    @Test func thePalettesOwnColoursStillWin() throws {
        let own = Self.wolofPalette.replacingOccurrences(
            of: "</colors>",
            with: """
                <color name="BackgroundColor"><color-mapping theme="Dark" value="#121212"/></color>
                <color name="TextColor"><color-mapping theme="Sepia" value="#3E2723"/></color>
                </colors>
                """)
        let backgrounds = try backgrounds(try build(own).manifest())
        #expect(backgrounds.first?["dark"] == "#121212" && backgrounds.first?["charcoal"] == "#121212")
        #expect(backgrounds.first?["sepia"] == "#e9d8ba")
    }

    @Test func theNoteSaysWhichColoursWereMissingAndWhatIsUsed() {
        let diagnostics = Linter().lint(bytes: Array(Self.wolofPalette.utf8), path: "wolof.appDef").filter { $0.ruleID == "stock-theme-colors" }
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.severity == .note)
        #expect(diagnostics.first?.location.line == 3)
        #expect(
            diagnostics.first?.notes == [
                "normal and sage: TextColor #000000",
                "sepia and rose: BackgroundColor #e9d8ba, TitlesColor #513a24, TextColor #5a4129",
                "dark and charcoal: BackgroundColor #000000, TitlesColor #e0e0e0, TextColor #e0e0e0",
            ])
    }

    /// The stock values are those SAB writes: every real appDef that gives the whole palette
    /// agrees on them (PrimaryColor, an app's own colour, in all but one).
    @Test(.enabled(if: RealAppDefs.available, RealAppDefs.absent))
    func theStockColoursAreThoseTheRealAppDefsGive() throws {
        var agreeing: [String: Int] = [:]
        var whole = 0
        for url in RealAppDefs.files {
            let palette = ColorPalette(AppDefReader.read(path: url.path).mainColors)
            guard case .success? = palette.resolve("BackgroundColor", theme: .dark) else { continue }
            whole += 1
            for (theme, colors) in StockColors.values {
                for (name, stock) in colors {
                    if palette.resolve(name, theme: theme) == .success(stock) { agreeing["\(theme) \(name)", default: 0] += 1 }
                }
            }
        }
        #expect(whole == 8)
        let entries = StockColors.values.flatMap { theme, colors in colors.keys.map { "\(theme) \($0)" } }
        for entry in entries {
            #expect(agreeing[entry, default: 0] >= (entry.hasSuffix("PrimaryColor") ? whole - 1 : whole), "\(entry)")
        }
    }

    /// The real Wolof Bible's appDef, with screens: its default screens are dark in Dark.
    @Test(.enabled(if: RealAppDefs.available, RealAppDefs.absent))
    func theRealWolofAppDefsDefaultScreensAreDarkInDark() throws {
        let real = try RealAppDefWithScreens(try RealAppDefs.file("ngaretou-wolof_bible_assets-json_appDef.appDef"))
        let backgrounds = try backgrounds(try build(real.text).manifest())
        #expect(backgrounds.allSatisfy { $0["dark"] == "#000000" && $0["charcoal"] == "#000000" && $0["sepia"] == "#e9d8ba" })
    }
}
