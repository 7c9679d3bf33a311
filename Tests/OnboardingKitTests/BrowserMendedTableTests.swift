import Foundation
import Testing

@testable import AppDefModel
@testable import FontProcessing
@testable import Generation
@testable import OnboardingKit

/// What OTS mends in a table it keeps, saying only a warning: Chromium and Firefox, which load
/// fonts through it, then draw otherwise than WebKit, which draws the published bytes. Lint and
/// the build compare what OTS makes of the published font with it, and refuse a difference.
/// Before, both read OTS's errors alone and passed each of these.
struct BrowserMendedTableTests {
    static let sanitizer = "as the font sanitizer of Chromium and Firefox (OTS) loads it"

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let tag: String
        let offset: Int
        let value: Int
        let said: String
        var testDescription: String { name }
    }

    /// A negative ascender, which OTS sets to 0: two lines of 100 px Liberation Sans were
    /// 48 px high in Chromium 156 and 18 px in WebKitGTK 2.50 (-300) or 130 px (-1854).
    static let cases = [
        Case(name: "hhea ascender -1854", tag: "hhea", offset: 4, value: -1854, said: "its 'hhea' ascender is -1854, and 0 \(sanitizer)"),
        Case(name: "hhea ascender -300", tag: "hhea", offset: 4, value: -300, said: "its 'hhea' ascender is -300, and 0 \(sanitizer)"),
    ]

    @Test(arguments: cases)
    func lintAndTheBuildRefuseWhatOTSMends(_ test: Case) throws {
        let font = try BrowserRefusedTableTests.liberation(test.tag) {
            $0.replaceSubrange(test.offset..<test.offset + 2, with: BrowserRefusedTableTests.u16(test.value))
        }
        let lint = try #require(
            try FontFileCheckProbe.drawingProblem(of: font, texts: WholeFontTests.texts), "lint passes a font OTS mends")
        let built = try FontFileCheckProbe.published(font)
        #expect(built.project.fontAssets.isEmpty)
        #expect(built.diagnostics.map(\.ruleID) == ["font-not-a-font"])
        for message in [lint.description, built.diagnostics.first?.message ?? ""] {
            #expect(message.contains(test.said), "\(message)")
            #expect(message.contains("is laid out otherwise in Chromium and Firefox than in WebKit"), "\(message)")
        }
    }

    /// A table OTS keeps and changes as it loads it, so that it shapes otherwise: a 'kern'
    /// whose second subtable is of version 1, which HarfBuzz (the checks, WebKit) kerns with
    /// and OTS leaves out, saying only a warning. ``KernTable`` refuses it before the build
    /// gets this far; the comparison with what OTS makes of a published font finds it too, and
    /// whatever else OTS would mend.
    @Test func aPublishedFontOTSShapesOtherwiseIsAFontThatDiffers() throws {
        let own = try SFNTFile.table("kern", of: try WholeFontTests.kernedOnly())
        let subtable = Array(own[4...])
        let source = try WholeFontTests.kernedOnly(kern: [0, 0, 0, 2] + subtable + [0, 1] + Array(subtable[2...]))
        let whole = try WebFontMaker.publishedTables(of: try HarfBuzzFont(sfnt: source).whole())
        let found = try #require(
            WebFontMaker.difference(
                of: try WOFF2Codec.encode(whole), fromSource: source, characters: WholeFontTests.characters, texts: WholeFontTests.texts),
            "a font OTS kerns otherwise is taken as alike")
        #expect(found.hasPrefix("\(Self.sanitizer), shapes 'en' text \"AVATAR To Wave\" otherwise than the font: glyph "), "\(found)")
        #expect(found.hasSuffix("differs in its advance"), "\(found)")
    }

    /// The undamaged font, whose every table OTS writes otherwise ('cmap', 'loca', 'glyf' and
    /// 'name' in their own layout), is published: what is compared is what is drawn. So are
    /// negative line gaps, which OTS sets to 0 and both browsers take as 0 (two lines 224 px
    /// high in Chromium and WebKit, the 'hhea' gap at -600; 188 px, the 'OS/2' one).
    @Test(arguments: [[:], ["hhea": (8, -600)], ["OS/2": (72, -600)]] as [[String: (Int, Int)]])
    func whatBrowsersDrawAlikeIsPublished(_ edits: [String: (Int, Int)]) throws {
        var font = try DebianFonts.liberationSans.bytes()
        for (tag, (offset, value)) in edits {
            var table = try SFNTFile.table(tag, of: font)
            table.replaceSubrange(offset..<offset + 2, with: BrowserRefusedTableTests.u16(value))
            if tag == "OS/2" { table[63] |= 0x80 }  // USE_TYPO_METRICS, so that its gap counts
            font = try SFNTFile.rebuilding(font, with: [tag: table])
        }
        #expect(try FontFileCheckProbe.drawingProblem(of: font, texts: WholeFontTests.texts) == nil)
        let built = try FontFileCheckProbe.published(font)
        #expect(built.diagnostics.isEmpty, "\(built.diagnostics.map(\.message))")
        #expect(built.project.fontAssets.count == 1)
    }
}
