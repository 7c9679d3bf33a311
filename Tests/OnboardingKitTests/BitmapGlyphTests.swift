import Foundation
import Testing

@testable import AppDefModel
@testable import FontProcessing
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// Bitmap glyphs (colour `sbix` and `CBDT`, monochrome `EBDT`) are never published: a font with
/// outlines is published without them, and a font whose glyphs are bitmaps alone is refused.
/// Their PNGs carry whatever text and camera data the tool that made them left.
struct BitmapGlyphTests {
    static let appDef = WholeFontTests.appDef.replacingOccurrences(of: "Kerned.ttf", with: "Colour.ttf")
    static let comment = "PRIVATE alice@laptop /home/alice.secret/Photos/IMG_0042"

    /// Liberation Sans with an 'sbix' strike drawing every glyph with a PNG that carries `comment`.
    static func colourFont(emptyOutlines: Bool = false) throws -> [UInt8] {
        let font = try DebianFonts.liberationSans.bytes()
        let glyphCount = try HarfBuzzFont(sfnt: font).glyphCount
        var tables = ["sbix": SFNTFile.sbixTable(glyphCount: glyphCount, png: SFNTFile.png(comment: comment))]
        // Every glyph's outline empty: each 'loca' offset 0.
        if emptyOutlines { tables["loca"] = [UInt8](repeating: 0, count: try SFNTFile.table("loca", of: font).count) }
        return try SFNTFile.rebuilding(font, with: tables)
    }

    private func publish(_ font: [UInt8]) throws -> (
        result: (project: OnboardingProject, diagnostics: [Diagnostic], work: FontPublisher.Work), folder: TemporaryFolder
    ) {
        let folder = TemporaryFolder()
        try folder.write("app.appDef", Self.appDef)
        try folder.write("fonts/Colour.ttf", Data(font))
        let project = try #require(FontBuildTests.project(at: folder.path("app.appDef")))
        return (FontPublisher.publish(project, cacheFolder: folder.path("cache")), folder)
    }

    @Test func aFontWithOutlinesIsPublishedWithoutItsBitmaps() throws {
        let (result, _) = try publish(try Self.colourFont())
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let font = try #require(result.project.fontAssets.first)
        let published = try WOFF2Codec.decode(font.bytes)
        let tags = Set(try SFNTDirectory.records(of: published).map { FontFileStructure.tag($0.tag) })
        #expect(!tags.contains("sbix"), "\(tags.sorted())")
        #expect(tags.contains("glyf"))
        #expect(published.firstRange(of: Array("PRIVATE".utf8)) == nil, "a PNG's text is published")
    }

    @Test func aFontDrawingTheTextWithBitmapsAloneIsNotPublished() throws {
        let (result, _) = try publish(try Self.colourFont(emptyOutlines: true))
        #expect(result.project.fontAssets.isEmpty)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(result.diagnostics.map(\.ruleID) == [BuildDiagnosticID.fontNotPublished])
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.message.contains("bitmap glyphs alone ('sbix')"), "\(diagnostic.message)")
    }

    /// A font mapping the text's characters to glyphs with no outline and no bitmap draws
    /// nothing: a browser shows no text, and falls back to no other font, as the font has the
    /// characters. It is refused as a font drawing the text with bitmaps alone is.
    @Test func aFontDrawingTheTextWithEmptyGlyphsIsNotPublished() throws {
        let font = try DebianFonts.liberationSans.bytes()
        let empty = try SFNTFile.rebuilding(font, with: ["loca": [UInt8](repeating: 0, count: try SFNTFile.table("loca", of: font).count)])
        let (result, _) = try publish(empty)
        #expect(result.project.fontAssets.isEmpty)
        #expect(result.diagnostics.map(\.ruleID) == [BuildDiagnosticID.fontNotPublished])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.message.contains("with empty glyphs"), "\(diagnostic.message)")
    }

    /// A glyph of one contour of three points on the line y = 300, from x = 100 to 400: bounds,
    /// the last point's index, no instructions, three on-curve flags, the x then y deltas.
    static let lineGlyph =
        [0, 1] + u16(100) + u16(300) + u16(400) + u16(300) + u16(2) + u16(0) + [1, 1, 1]
        + u16(100) + u16(300) + u16(-150) + u16(300) + u16(0) + u16(0) + [0]
    /// The same line, its header claiming the box from (100, 0) to (400, 700), which HarfBuzz
    /// gives as its size: the box is the font's word, the points are what is drawn.
    static let lineClaimingABox =
        [0, 1] + u16(100) + u16(0) + u16(400) + u16(700) + u16(2) + u16(0) + [1, 1, 1]
        + u16(100) + u16(300) + u16(-150) + u16(300) + u16(0) + u16(0) + [0]
    /// A square from (100, 0) to (400, 300) drawn twice, the second time the other way round:
    /// the two contours cancel each other out, and nothing is filled.
    static let cancellingSquares =
        [0, 2] + u16(100) + u16(0) + u16(400) + u16(300) + u16(3) + u16(7) + u16(0) + [UInt8](repeating: 1, count: 8)
        + [100, 0, 300, 0, -300, 300, 0, -300].flatMap(u16) + [0, 300, 0, -300, 0, 0, 300, 0].flatMap(u16)

    static let u16 = FontNameTests.u16

    /// Liberation Sans with every glyph drawn by `glyph` (a 'glyf' entry); 'loca' in its short
    /// form (offsets halved), as the font's 'head' says.
    static func everyGlyph(_ glyph: [UInt8]) throws -> [UInt8] {
        let font = try DebianFonts.liberationSans.bytes()
        let glyphCount = try HarfBuzzFont(sfnt: font).glyphCount
        let padded = glyph + (glyph.count % 2 == 0 ? [] : [0])
        let glyf = (0..<glyphCount).flatMap { _ in padded }
        let loca = (0...glyphCount).flatMap { u16($0 * padded.count / 2) }
        return try SFNTFile.rebuilding(font, with: ["glyf": glyf, "loca": loca])
    }

    /// An outline that encloses nothing fills nothing either: its points on one line (HarfBuzz
    /// gives it a place, a box of zero height, or the box its header claims), or contours that
    /// cancel each other out. A font whose glyphs are all such outlines draws no text, and
    /// lint and the build refuse it alike.
    @Test(arguments: [("a line", lineGlyph), ("a line claiming a box", lineClaimingABox), ("cancelling squares", cancellingSquares)])
    func aFontDrawingTheTextWithOutlinesEnclosingNothingIsNotPublished(_ shape: String, _ glyph: [UInt8]) throws {
        let (result, folder) = try publish(try Self.everyGlyph(glyph))
        #expect(result.project.fontAssets.map(\.outputPath) == [], "a font whose outlines are \(shape) was published")
        #expect(result.diagnostics.map(\.ruleID) == [BuildDiagnosticID.fontNotPublished])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.message.contains("with empty glyphs"), "\(diagnostic.message)")
        let lint = FontFileCheck.drawingProblem(at: folder.path("fonts/Colour.ttf"), texts: [ShapingText(language: "en", text: "Welcome")])
        #expect(lint?.isRefusal == true && lint?.description.contains("with empty glyphs") == true, "\(String(describing: lint))")
    }

    /// Contours ending at points out of order (3, 3, 7): HarfBuzz draws the glyph, and its
    /// subsetter copies it, while Chromium refuses the font and WebKit draws nothing of it.
    @Test func aGlyphWhoseContoursEndOutOfOrderIsAnErrorOfLintAndTheBuild() throws {
        let square: [Int] = [100, 0, 300, 0]
        let glyph: [UInt8] =
            [0, 3] + Self.u16(100) + Self.u16(0) + Self.u16(400) + Self.u16(300) + Self.u16(3) + Self.u16(3) + Self.u16(7) + Self.u16(0)
            + [UInt8](repeating: 1, count: 8) + (square + [-300, 0, 300, 0]).flatMap(Self.u16) + [0, 300, 0, -300, 0, 300, 0, -300].flatMap(Self.u16)
        let (result, folder) = try publish(try Self.everyGlyph(glyph))
        #expect(result.project.fontAssets.isEmpty)
        #expect(result.diagnostics.map(\.ruleID) == [BuildDiagnosticID.fontNotAFont], "\(result.diagnostics.map(\.message))")
        #expect(result.diagnostics.first?.message.contains("its 'glyf' table is damaged: glyph") == true)
        let lint = FontFileCheck.drawingProblem(at: folder.path("fonts/Colour.ttf"), texts: [ShapingText(language: "en", text: "Welcome")])
        #expect(lint?.isRefusal == false && lint?.description.contains("contours end at points out of order") == true, "\(String(describing: lint))")
    }

    /// The outline's own area, not its header's box, says whether a glyph draws: HarfBuzz reads
    /// the box of a line claiming one, and the area of a square it finds filled.
    @Test func aGlyphsInkIsTheAreaItsOutlineFills() throws {
        let square: [UInt8] =
            [0, 1] + Array(Self.cancellingSquares[2..<10]) + Self.u16(3) + Self.u16(0) + [1, 1, 1, 1]
            + [100, 0, 300, 0].flatMap(Self.u16) + [0, 300, 0, -300].flatMap(Self.u16)
        for (glyph, inked) in [(Self.lineClaimingABox, false), (square, true)] {
            let shaped = try HarfBuzzFont(sfnt: try Self.everyGlyph(glyph)).shape("W", language: "en")
            let first = try #require(shaped.first)
            #expect(first.extents.height != 0, "HarfBuzz reads the header's box")
            #expect(first.hasInk == inked)
        }
    }

    /// An OpenType-SVG font's glyph documents never reach the published font (HarfBuzz's
    /// subsetter leaves 'SVG ' out), so they cannot stand in for empty outlines: a font whose
    /// 'SVG ' table draws what its outlines leave empty would be published drawing nothing.
    @Test func aFontDrawingTheTextWithSVGGlyphsAloneIsNotPublished() throws {
        let font = try DebianFonts.liberationSans.bytes()
        let glyphCount = try HarfBuzzFont(sfnt: font).glyphCount
        let document = Array(#"<svg xmlns="http://www.w3.org/2000/svg"><rect id="glyph1" width="500" height="500"/></svg>"#.utf8)
        func u16(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)] }
        func u32(_ value: Int) -> [UInt8] { u16(value >> 16) + u16(value) }
        // Version 0, the document list at byte 10; one entry, every glyph drawn by the document.
        let svg = u16(0) + u32(10) + u32(0) + u16(1) + u16(0) + u16(glyphCount - 1) + u32(14) + u32(document.count) + document
        let empty = try SFNTFile.rebuilding(
            font, with: ["loca": [UInt8](repeating: 0, count: try SFNTFile.table("loca", of: font).count), "SVG ": svg])
        let (result, _) = try publish(empty)
        #expect(result.project.fontAssets.map(\.outputPath) == [], "a font drawing its text with 'SVG ' glyphs alone was published without them")
        #expect(result.diagnostics.map(\.ruleID) == [BuildDiagnosticID.fontNotPublished])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.message.contains("with empty glyphs") && diagnostic.message.contains("'SVG '"), "\(diagnostic.message)")
    }

    /// A font of bitmaps and no outline table at all (as Noto Color Emoji) is no font lint
    /// takes, said so.
    @Test func aFontWithoutOutlineTablesButBitmapsIsRefusedSayingSo() throws {
        let font = try SFNTFile.rebuilding(
            try DebianFonts.liberationSans.bytes(), with: ["CBDT": [0, 3, 0, 0], "CBLC": [0, 3, 0, 0, 0, 0, 0, 0]], without: ["glyf", "loca"])
        #expect(throws: FontStructureProblem.self) { try FontFileStructure.format(of: font) }
        do {
            _ = try FontFileStructure.format(of: font)
        } catch {
            #expect(error.description.contains("its glyphs are bitmaps alone ('CBDT'"), "\(error.description)")
        }
    }
}
