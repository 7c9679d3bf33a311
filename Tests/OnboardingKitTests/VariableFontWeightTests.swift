import Foundation
import Testing

@testable import AppDefModel
@testable import FontProcessing
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// A browser draws a variable font with its 'wght' axis at the `@font-face` weight the build
/// writes (`bold` is 700), clamped to the axis, not at the font's default instance: lint and
/// the build check what the font draws there. A font whose text is drawn empty at that weight
/// is not published, though its default instance draws it.
struct VariableFontWeightTests {
    static func appDef(weight: String?) -> String {
        let declaration = weight.map { #"<sd property="font-weight" value="\#($0)"/>"# } ?? ""
        return """
            <?xml version="1.0" encoding="utf-8"?>
            <app-definition type="SAB">
              <fonts><font family="font1"><font-name>Tiny</font-name><f format="truetype">Variable.ttf</f>\(declaration)</font></fonts>
              <interface-languages><writing-systems>
                <writing-system code="en" type="interface"><font-family>font1</font-family></writing-system>
              </writing-systems></interface-languages>
              <translation-mappings default-lang="en"><tm id="Button_Skip"><t lang="en">Skip</t></tm><tm id="Button_Next"><t lang="en">Next</t></tm><tm id="Button_Start"><t lang="en">Start</t></tm></translation-mappings>
              <onboarding-screen><title type="top-title"><t>Welcome</t></title></onboarding-screen>
            </app-definition>
            """
    }

    /// Lint's and the build's diagnostics for `font` given with `weight` (none: CSS normal).
    private func check(_ font: [UInt8], weight: String?) throws -> (lint: [Diagnostic], build: [Diagnostic], published: [FontAsset]) {
        let folder = TemporaryFolder()
        try folder.write("app.appDef", Self.appDef(weight: weight))
        try folder.write("fonts/Variable.ttf", Data(font))
        let lint = Linter(options: LintOptions(rules: try RuleSelection(disable: [], enable: []))).lint(path: folder.path("app.appDef"))
        let project = try #require(FontBuildTests.project(at: folder.path("app.appDef")))
        let result = FontPublisher.publish(project, cacheFolder: folder.path("cache"))
        return (lint.filter { $0.ruleID.hasPrefix("font-") }, result.diagnostics, result.project.fontAssets)
    }

    private func expectRefused(_ result: (lint: [Diagnostic], build: [Diagnostic], published: [FontAsset]), atWeight weight: String) {
        #expect(result.published.isEmpty, "a font drawing its text empty at its published weight was published")
        for (what, diagnostics) in [("lint", result.lint), ("build", result.build)] {
            #expect(diagnostics.map(\.ruleID) == [BuildDiagnosticID.fontNotPublished], "\(what): \(diagnostics.map(\.message))")
            #expect(diagnostics.allSatisfy { $0.severity == .error })
            let message = diagnostics.first?.message ?? ""
            #expect(
                message.contains("with empty glyphs at weight \(weight) of its 'wght' axis"), "\(what) does not say at which weight: \(message)")
        }
    }

    /// Liberation Sans's case, in a font made here: drawn at 400, flat at 700, given as bold.
    @Test func aVariableFontDrawingNothingAtItsBoldWeightIsNotPublished() throws {
        let font = TinyFont.variable(minimum: 400, defaultWeight: 400, maximum: 700, flatWeight: 700)
        expectRefused(try check(font, weight: "bold"), atWeight: "700")
    }

    /// A font whose default is not 400 is drawn at 400 when no weight is given (CSS normal).
    @Test func aVariableFontDrawingNothingAtNormalWeightIsNotPublished() throws {
        let font = TinyFont.variable(minimum: 400, defaultWeight: 700, maximum: 700, flatWeight: 400)
        expectRefused(try check(font, weight: nil), atWeight: "400")
    }

    /// A weight beyond the axis is clamped to it, as browsers clamp it: 900 on an axis ending at 700.
    @Test func aWeightBeyondTheAxisIsCheckedWhereTheAxisEnds() throws {
        let font = TinyFont.variable(minimum: 400, defaultWeight: 400, maximum: 700, flatWeight: 700)
        expectRefused(try check(font, weight: "900"), atWeight: "700")
    }

    /// The same font at a weight where it draws its text is published, variable as it is: its
    /// subset, compared with the source at that weight (both drawn there), is alike.
    @Test(arguments: [("normal", "400"), ("550", "550")])
    func aVariableFontDrawingItsTextAtItsWeightIsPublished(_ written: String, _ css: String) throws {
        let font = TinyFont.variable(minimum: 400, defaultWeight: 400, maximum: 700, flatWeight: 700)
        let result = try check(font, weight: written)
        #expect(result.lint.isEmpty, "\(result.lint.map(\.message))")
        #expect(result.build.isEmpty, "\(result.build.map(\.message))")
        let published = try #require(result.published.first)
        #expect(published.weight == css)
        let sfnt = try WOFF2Codec.decode(published.bytes)
        #expect(Set(try SFNTDirectory.records(of: sfnt).map { FontFileStructure.tag($0.tag) }).isSuperset(of: ["fvar", "gvar"]))
    }

    /// A published font is compared with its source at the weight browsers draw it at: one that
    /// lost the font's variations ('gvar') draws alike at the default instance only.
    @Test func aPublishedFontIsComparedWithItsSourceAtItsWeight() throws {
        let source = TinyFont.variable(minimum: 400, defaultWeight: 400, maximum: 700, flatWeight: 700)
        let rigid = try WOFF2Codec.encode(try HarfBuzzFont(sfnt: source).sfnt(without: ["gvar"]))
        let texts = [ShapingText(language: "en", text: "Welcome")]
        let characters = Array("Welcome".unicodeScalars)
        #expect(WebFontMaker.difference(of: rigid, fromSource: source, characters: characters, texts: texts, weight: 400) == nil)
        let difference = WebFontMaker.difference(of: rigid, fromSource: source, characters: characters, texts: texts, weight: 550)
        #expect(difference?.contains("differs in its size") == true, "\(String(describing: difference))")
    }

    /// A font without 'fvar' is checked as it always was, at any weight.
    @Test(arguments: ["bold", "100"])
    func aFontWithoutAWeightAxisIsCheckedAtItsOneInstance(_ weight: String) throws {
        let drawing = try check(TinyFont.drawingASCII, weight: weight)
        #expect(drawing.lint.isEmpty && drawing.build.isEmpty, "\(drawing.lint.map(\.message)) \(drawing.build.map(\.message))")
        #expect(drawing.published.count == 1)
        let empty = try check(TinyFont.drawingNothing, weight: weight)
        #expect(empty.build.map(\.ruleID) == [BuildDiagnosticID.fontNotPublished])
        #expect(empty.build.first?.message.contains("with empty glyphs (U+0057") == true, "\(empty.build.map(\.message))")
    }

    /// HarfBuzz draws the variable font's instance at the weight set: the box at 400, a flat
    /// line (no ink) at 700, and halfway between at 550.
    @Test func shapingDrawsTheInstanceAtTheWeightSet() throws {
        let font = try HarfBuzzFont(sfnt: TinyFont.variable(minimum: 400, defaultWeight: 400, maximum: 700, flatWeight: 700))
        func height() throws -> Int32 { abs(try #require(try font.shape("W", language: "en").first).extents.height) }
        #expect(try height() == 700)
        #expect(font.drawAtWeight(550) == 550)
        #expect(try height() == 350)
        #expect(font.drawAtWeight(1000) == 700)
        #expect(try height() == 0)
        #expect(try HarfBuzzFont(sfnt: TinyFont.drawingASCII).drawAtWeight(700) == nil)
    }
}
