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

    /// An outline that encloses nothing (its points on one line, or one point) fills nothing
    /// either: a font whose glyphs are all such outlines draws no text, though HarfBuzz gives
    /// each glyph a place (extents of zero height). Lint and the build refuse it alike.
    @Test func aFontDrawingTheTextWithOutlinesEnclosingNothingIsNotPublished() throws {
        let font = try DebianFonts.liberationSans.bytes()
        let glyphCount = try HarfBuzzFont(sfnt: font).glyphCount
        func u16(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)] }
        // One contour of three points on the line y = 300, from x = 100 to 400: bounds, the
        // last point's index, no instructions, three on-curve flags, the x then y deltas.
        let line =
            [0, 1] + u16(100) + u16(300) + u16(400) + u16(300) + u16(2) + u16(0) + [1, 1, 1]
            + u16(100) + u16(300) + u16(-150) + u16(300) + u16(0) + u16(0) + [0]
        // Every glyph that line; 'loca' in its short form (offsets halved), as the font's 'head' says.
        let glyf = (0..<glyphCount).flatMap { _ in line }
        let loca = (0...glyphCount).flatMap { u16($0 * line.count / 2) }
        let flat = try SFNTFile.rebuilding(font, with: ["glyf": glyf, "loca": loca])
        let (result, folder) = try publish(flat)
        #expect(result.project.fontAssets.map(\.outputPath) == [], "a font whose outlines enclose nothing was published")
        #expect(result.diagnostics.map(\.ruleID) == [BuildDiagnosticID.fontNotPublished])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.message.contains("with empty glyphs"), "\(diagnostic.message)")
        let lint = FontFileCheck.drawingProblem(at: folder.path("fonts/Colour.ttf"), texts: [ShapingText(language: "en", text: "Welcome")])
        #expect(lint?.isRefusal == true && lint?.description.contains("with empty glyphs") == true, "\(String(describing: lint))")
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
