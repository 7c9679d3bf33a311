import Foundation
import Testing

@testable import AppDefModel
@testable import Linting
@testable import OnboardingKit

/// `font-lacks-characters` names what the pages draw in the font, not what only screen readers
/// read or another font draws.
struct FontLackedCharactersTests {
    static func appDef(buttons: String) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <app-definition type="SAB">
          <fonts><font family="font1"><font-name>Letters</font-name><f format="truetype">Letters.ttf</f></font></fonts>
          <interface-languages><writing-systems>
            <writing-system code="en" type="interface"><font-family>font1</font-family></writing-system>
            <writing-system code="fr" type="interface"><font-family>font2</font-family></writing-system>
          </writing-systems></interface-languages>
          <translation-mappings default-lang="en">\(buttons)</translation-mappings>
          <onboarding-screen><title type="top-title"><t>Welcome</t><t lang="fr">Bienvenue</t></title></onboarding-screen>
          <onboarding-screen><title type="top-title"><t>Read</t><t lang="fr">Lisez</t></title></onboarding-screen>
          <onboarding-screen><title type="top-title"><t>Listen</t><t lang="fr">Ecoutez</t></title></onboarding-screen>
        </app-definition>
        """
    }

    /// The buttons' English words, Start's as given.
    static func buttons(start: String) -> String {
        [("Button_Skip", "Skip"), ("Button_Next", "Next"), ("Button_Start", start)].map { #"<tm id="\#($0)"><t lang="en">\#($1)</t></tm>"# }.joined()
    }

    static func lint(_ appDef: String) throws -> [Diagnostic] {
        let folder = TemporaryFolder()
        try folder.write("app.appDef", appDef)
        try folder.write("fonts/Letters.ttf", Data(TinyFont.drawingLetters))
        return Linter(options: LintOptions(rules: try RuleSelection(disable: [], enable: []))).lint(path: folder.path("app.appDef"))
    }

    /// The slide labels ("1 of 3") carry digits the font lacks, as a Noto font for Ethiopic or
    /// Myanmar lacks Latin digits; they are only read by screen readers (`aria-label`, the
    /// announcer), never drawn: no warning, where every such app had one.
    @Test func theDigitsOfSlideLabelsAreNotNamed() throws {
        let diagnostics = try Self.lint(Self.appDef(buttons: Self.buttons(start: "Start")))
        #expect(diagnostics.filter { $0.ruleID == "font-lacks-characters" }.isEmpty, "\(diagnostics.map(\.message))")
    }

    /// A character the pages draw in the font is named: the digit of "Start 1", a button of its language.
    @Test func aCharacterOfAButtonsWordsIsNamed() throws {
        let found = try Self.lint(Self.appDef(buttons: Self.buttons(start: "Start 1"))).filter { $0.ruleID == "font-lacks-characters" }
        #expect(found.count == 1 && found.first?.message.contains("'1' (U+0031)") == true, "\(found.map(\.message))")
    }
}
