import Foundation
import Testing

@testable import AppDefModel
@testable import FontProcessing
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// A browser draws a variable font with its 'wght' axis at the `@font-face` weight the build
/// writes (`bold` is 700), clamped to the axis, and its 'wdth', 'slnt' and 'ital' axes where the
/// style sheet sets them (100, 0, 0), not at the font's default instance: lint and the build
/// check what the font draws there (``BrowserInstance``). A font whose text is drawn empty
/// there is not published, though its default instance draws it. Its 'opsz', which browsers
/// would set to each text's size, the style sheet leaves at its default.
struct VariableFontInstanceTests {
    static func appDef(weight: String?) -> String {
        let declaration = weight.map { #"<sd property="font-weight" value="\#($0)"/>"# } ?? ""
        return OneFontAppDef.text(file: "Variable.ttf", name: "Tiny", declarations: declaration)
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

    private func expectRefused(_ result: (lint: [Diagnostic], build: [Diagnostic], published: [FontAsset]), at instance: String) {
        #expect(result.published.isEmpty, "a font drawing its text empty at its published weight was published")
        for (what, diagnostics) in [("lint", result.lint), ("build", result.build)] {
            #expect(diagnostics.map(\.ruleID) == [BuildDiagnosticID.fontNotPublished], "\(what): \(diagnostics.map(\.message))")
            #expect(diagnostics.allSatisfy { $0.severity == .error })
            let message = diagnostics.first?.message ?? ""
            #expect(
                message.contains("with empty glyphs at \(instance) of its axes (where browsers draw it"), "\(what) does not say where: \(message)")
        }
    }

    /// Liberation Sans's case, in a font made here: drawn at 400, flat at 700, given as bold.
    @Test func aVariableFontDrawingNothingAtItsBoldWeightIsNotPublished() throws {
        let font = TinyFont.variable(minimum: 400, defaultWeight: 400, maximum: 700, flatWeight: 700)
        expectRefused(try check(font, weight: "bold"), at: "'wght' 700")
    }

    /// A font whose default is not 400 is drawn at 400 when no weight is given (CSS normal).
    @Test func aVariableFontDrawingNothingAtNormalWeightIsNotPublished() throws {
        let font = TinyFont.variable(minimum: 400, defaultWeight: 700, maximum: 700, flatWeight: 400)
        expectRefused(try check(font, weight: nil), at: "'wght' 400")
    }

    /// A weight beyond the axis is clamped to it, as browsers clamp it: 900 on an axis ending at 700.
    @Test func aWeightBeyondTheAxisIsCheckedWhereTheAxisEnds() throws {
        let font = TinyFont.variable(minimum: 400, defaultWeight: 400, maximum: 700, flatWeight: 700)
        expectRefused(try check(font, weight: "900"), at: "'wght' 700")
    }

    /// The axes the style sheet sets besides the weight: a font flat at 'wdth' 100, 'slnt' 0 or
    /// 'ital' 0 (where browsers draw it in the pages) though drawn at its default is refused.
    @Test(arguments: [("wdth", 50, 50, 100, 100), ("slnt", -20, -20, 0, 0), ("ital", 0, 1, 1, 0)])
    func aVariableFontDrawingNothingWhereTheStyleSheetSetsItsAxesIsNotPublished(
        _ axis: String, _ minimum: Int, _ defaultValue: Int, _ maximum: Int, _ flat: Int
    ) throws {
        let font = TinyFont.variable(axis: axis, minimum: minimum, defaultWeight: defaultValue, maximum: maximum, flatWeight: flat)
        expectRefused(try check(font, weight: nil), at: "'\(axis)' \(flat)")
    }

    /// A font flat at the end of its 'opsz' axis (where browsers draw 16 px text and larger
    /// with `font-optical-sizing: auto`) is published: the style sheet sets
    /// `font-optical-sizing: none` for its language, which leaves 'opsz' at its default, where
    /// it draws its text. (The browser suite's `test_a_variable_font_is_drawn_where_it_was_checked`
    /// looks at it drawn.)
    @Test func aVariableFontIsDrawnAtItsDefaultOpticalSize() throws {
        let font = TinyFont.variable(axis: "opsz", minimum: 8, defaultWeight: 8, maximum: 16, flatWeight: 16)
        let result = try check(font, weight: nil)
        #expect(result.lint.isEmpty && result.build.isEmpty, "\(result.lint.map(\.message)) \(result.build.map(\.message))")
        #expect(result.published.map(\.isVariable) == [true])
    }

    /// The browser suite's copy of that font (Tests/Browser/fonts), which it builds a carousel
    /// with to see it drawn: `RECORD_FIXTURES=browser-font` writes it again.
    @Test func theBrowserSuitesOpticalSizeFontIsThisOne() throws {
        let font = TinyFont.variable(axis: "opsz", minimum: 8, defaultWeight: 8, maximum: 16, flatWeight: 16)
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Browser/fonts/OpticalSizeBox.ttf")
        if ProcessInfo.processInfo.environment["RECORD_FIXTURES"] == "browser-font" {
            try Data(font).write(to: file)
            Issue.record("wrote \(file.standardized.path): review it")
        }
        #expect([UInt8](try Data(contentsOf: file)) == font)
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

    /// A region browsers read otherwise than HarfBuzz (from one side of the default to the
    /// other, or a peak outside its start and end): HarfBuzz 6 applies its deltas all along
    /// the axis, Chromium and WebKit none, so the checks would draw another font than they do.
    @Test(arguments: [(-0x2000, 0x4000), (0x1000, 0x2000), (0x5000, 0x6000)])
    func aVariationOverARegionBrowsersReadOtherwiseIsAnError(start: Int, end: Int) throws {
        let font = TinyFont.variable(minimum: 400, defaultWeight: 400, maximum: 700, flatWeight: 700, region: (start, end))
        let result = try check(font, weight: nil)
        #expect(result.published.isEmpty)
        for (what, diagnostics) in [("lint", result.lint), ("build", result.build)] {
            #expect(diagnostics.map(\.ruleID) == [BuildDiagnosticID.fontNotAFont], "\(what): \(diagnostics.map(\.message))")
            #expect(diagnostics.first?.message.contains("its 'gvar' table is damaged: glyph 1's variation 1 has a region browsers read otherwise") == true)
        }
    }

    /// A region the specification allows, within one side of the default, is read alike.
    @Test func aVariationOverAnIntermediateRegionIsPublished() throws {
        let font = TinyFont.variable(minimum: 400, defaultWeight: 400, maximum: 700, flatWeight: 700, region: (0x1000, 0x4000))
        let result = try check(font, weight: nil)
        #expect(result.lint.isEmpty && result.build.isEmpty, "\(result.lint.map(\.message)) \(result.build.map(\.message))")
        #expect(result.published.count == 1)
    }

    /// HarfBuzz's subsetter writes a 'gvar' without shared tuples with their offset 0, and
    /// Chromium then draws the font at its default instance alone: the published font's points
    /// past the glyphs' offsets, as the source's does.
    @Test func aPublishedGlyphVariationsTablePointsPastItsOffsets() throws {
        let source = TinyFont.variable(minimum: 400, defaultWeight: 400, maximum: 700, flatWeight: 700)
        let texts = [ShapingText(language: "en", text: "Welcome")]
        let made = try WebFontMaker.make(from: source, characters: Array("Welcome".unicodeScalars), texts: texts)
        let sfnt = try WOFF2Codec.decode(made.woff2)
        let record = try #require(try SFNTDirectory.records(of: sfnt).first { FontFileStructure.tag($0.tag) == "gvar" })
        let gvar = Array(sfnt[record.offset..<record.offset + record.length])
        #expect(gvar.uint16(at: 6) == 0, "no shared tuples")
        let offsets = 20 + (Int(gvar.uint16(at: 12)) + 1) * (gvar.uint16(at: 14) & 1 == 1 ? 4 : 2)
        #expect(Int(gvar.uint32(at: 8)) == offsets)
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
        #expect(font.drawAsBrowsers(weight: 550)?.settings == [.init(tag: "wght", value: 550)])
        #expect(try height() == 350)
        #expect(font.drawAsBrowsers(weight: 1000)?.settings == [.init(tag: "wght", value: 700)])
        #expect(try height() == 0)
        #expect(WebFontMaker.isVariable(TinyFont.variable(minimum: 400, defaultWeight: 400, maximum: 700, flatWeight: 700)))
        let still = try HarfBuzzFont(sfnt: TinyFont.drawingASCII)
        #expect(still.drawAsBrowsers(weight: 700) == nil)
        #expect(!WebFontMaker.isVariable(TinyFont.drawingASCII))
    }

    /// 'wdth' is set to 100 clamped to its axis, and 'opsz' is not set: an 'opsz' font draws
    /// its default instance.
    @Test func theStyleSheetsAxesAreSetClampedAndOpticalSizeIsNot() throws {
        let narrow = try HarfBuzzFont(sfnt: TinyFont.variable(axis: "wdth", minimum: 25, defaultWeight: 25, maximum: 75, flatWeight: 75))
        #expect(narrow.drawAsBrowsers(weight: 400)?.description == "'wdth' 75")
        #expect(abs(try #require(try narrow.shape("W", language: "en").first).extents.height) == 0)
        let optical = try HarfBuzzFont(sfnt: TinyFont.variable(axis: "opsz", minimum: 8, defaultWeight: 8, maximum: 16, flatWeight: 16))
        #expect(optical.drawAsBrowsers(weight: 400) == nil)
        #expect(abs(try #require(try optical.shape("W", language: "en").first).extents.height) == 700)
    }
}
