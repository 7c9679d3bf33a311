import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// A language code SAB's app builder made up (`Kir` for Kirundi) is told apart from the ISO 639
/// code it happens to be (`kir`, Kirghiz) by the name the appDef gives the language.
struct LanguageNameCheckTests {
    static let madeUpNote = "but the appDef names it"

    @Test func namesAgreeWhateverTheirCaseAndWhatISOAddsInBrackets() {
        #expect(LanguageNameCheck.agree("Wolof", "Wolof"))
        #expect(LanguageNameCheck.agree("Malay", "Malay (macrolanguage)"))
        #expect(LanguageNameCheck.agree("malayalam", "Malayalam"))
        #expect(LanguageNameCheck.agree("Spanish", "Spanish; Castilian"))
        #expect(!LanguageNameCheck.agree("Kirundi", "Kirghiz"))
        #expect(!LanguageNameCheck.agree("Bahasa Melayu", "Malayalam"))
    }

    /// The Kirundi hymnal writes `Kir` and names it Kirundi: its screens' Kirundi text would be
    /// marked Kirghiz. Lint says so, at the first `lang="Kir"`, naming where the name is.
    @Test(.enabled(if: RealAppDefs.available, RealAppDefs.absent))
    func theKirundiHymnalsKirIsAWarningThatNamesKirundi() throws {
        let real = try RealAppDefWithScreens(try RealAppDefs.file("Ind-Zikundwa_data_appdef.xml"))
        let folder = TemporaryFolder()
        try folder.write("app.appDef", real.text)
        let found = Linter().lint(path: folder.path("app.appDef")).filter { $0.message.contains(Self.madeUpNote) }
        #expect(found.count == 1)
        let warning = try #require(found.first)
        #expect(warning.ruleID == "invalid-language-code")
        #expect(warning.severity == .warning)
        #expect(warning.message.hasPrefix("language code 'Kir' is ISO 639's Kirghiz ('ky'), but the appDef names it 'Kirundi' (Language_Kir, line 1)"))
        #expect(warning.notes.contains { $0.contains("give Kirundi its own ISO 639 code") })
    }

    /// No other real appDef names a language otherwise than its code does: the warning is no
    /// noise on the codes SAB writes (`wol`, `fra`, `mal`, `hin`...).
    @Test(.enabled(if: RealAppDefs.available, RealAppDefs.absent), arguments: RealAppDefs.files)
    func noOtherRealAppDefIsWarned(_ url: URL) throws {
        guard url.lastPathComponent != "Ind-Zikundwa_data_appdef.xml" else { return }
        let real = try RealAppDefWithScreens(url)
        let folder = TemporaryFolder()
        try folder.write("app.appDef", real.text)
        let found = Linter().lint(path: folder.path("app.appDef")).filter { $0.message.contains(Self.madeUpNote) }
        #expect(found.isEmpty, "\(found.map(\.message))")
    }

    /// The names are read from the long form of translation mappings too, and a code the
    /// appDef names as ISO 639 does stays a note.
    @Test func aCodeNamedAsISODoesStaysANote() throws {
        let folder = TemporaryFolder()
        try folder.write(
            "app.appDef",
            """
            <?xml version="1.0" encoding="utf-8"?>
            <app-definition type="SAB">
              <translation-mappings default-lang="en">
                <translation-mapping id="Language_wol"><translation lang="en">Wolof</translation></translation-mapping>
                <translation-mapping id="Language_Kir"><translation lang="en-US">Kirundi</translation></translation-mapping>
              </translation-mappings>
              <onboarding-screens><onboarding-screen>
                <title type="top-title"><translation>Welcome</translation><translation lang="wol">Dalal ak jàmm</translation><translation lang="Kir">Murakaza neza</translation></title>
              </onboarding-screen></onboarding-screens>
            </app-definition>
            """)
        let codes = Linter().lint(path: folder.path("app.appDef")).filter { $0.ruleID == "invalid-language-code" }
        #expect(codes.map(\.severity) == [.note, .warning])
        #expect(codes.last?.message.contains("(Language_Kir, line 5)") == true)
    }
}
