import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// text-direction-mismatch says what the visitor will see: the carousel follows the declared
/// direction, so its warning names the pages' language, the side of each control, the swipe
/// and where a sentence's punctuation lands.
struct TextDirectionMessageTests {
    private func warning(code: String, declared: String, text: String) throws -> Diagnostic {
        let appDef = """
            <?xml version="1.0" encoding="utf-8"?><app-definition><interface-languages><writing-systems>\
            <writing-system code="\(code)" type="interface"><trait name="text-direction" value="\(declared)"/></writing-system>\
            </writing-systems></interface-languages><onboarding-screens><onboarding-screen><title type="top-title"><t>Welcome</t>\
            <t lang="\(code)">\(text)</t></title></onboarding-screen></onboarding-screens></app-definition>
            """
        let diagnostics = Linter().lint(bytes: Array(appDef.utf8), path: "direction.appDef")
        return try #require(diagnostics.first { $0.ruleID == "text-direction-mismatch" }, "\(diagnostics.map(\.message))")
    }

    @Test func arabicDeclaredLeftToRightSaysThePagesRunLeftToRight() throws {
        let warning = try warning(code: "ar", declared: "LTR", text: "مرحبا")
        #expect(warning.severity == .warning)
        #expect(
            warning.message
                == "Arabic pages will run left to right, as 'ar' is declared LTR though the language 'ar' is written right to left: Skip on the left, Next on the right, a swipe to the left goes on, and a sentence's closing punctuation sits at its right end"
        )
        #expect(warning.notes == ["set its text-direction to RTL in SAB's interface languages if that is a mistake"])
    }

    @Test func aLatinScriptDeclaredRightToLeftSaysThePagesRunRightToLeft() throws {
        let warning = try warning(code: "ku-Latn", declared: "rtl", text: "Bi xêr hatî")
        #expect(
            warning.message.hasPrefix("Kurdish pages will run right to left, as 'ku-Latn' is declared RTL though its script 'latn' is written left to right:"))
        #expect(warning.message.contains("Skip on the right, Next on the left, a swipe to the right goes on"))
        #expect(warning.message.hasSuffix("closing punctuation sits at its left end"))
    }

    /// A language ISO 639 gives no two-letter code is named by its code.
    @Test func aLanguageWithoutANameIsNamedByItsCode() throws {
        let warning = try warning(code: "ckb", declared: "LTR", text: "بەخێربێیت")
        #expect(warning.message.hasPrefix("'ckb' pages will run left to right, as 'ckb' is declared LTR though the language 'ckb' is written right to left:"))
    }
}
