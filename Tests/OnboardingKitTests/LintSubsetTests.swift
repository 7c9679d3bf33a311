import Foundation
import Testing

@testable import AppDefModel
@testable import FontProcessing
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// Lint checks the subset the build publishes: of every character of the carousel (the digits
/// of the slide labels, the app's name, every language's text), not only of the texts of the
/// font's own languages. A glyph of a digit that OTS, through which Chromium and Firefox load
/// web fonts, refuses (its header's box inside out) was in the build's subset, which the build
/// refused, and not in lint's, which passed.
struct LintSubsetTests {
    /// Charis SIL with the box of the glyph of `character` given inside out (xMin past xMax).
    static func charis(withInsideOutGlyphFor character: Unicode.Scalar) throws -> [UInt8] {
        let font = try DebianFonts.charis.bytes()
        let glyph = try #require(try Self.glyph(for: character, in: font))
        var glyf = try SFNTFile.table("glyf", of: font)
        let head = try SFNTFile.table("head", of: font)
        let loca = try SFNTFile.table("loca", of: font)
        let longOffsets = head[51] == 1
        let start =
            longOffsets
            ? (0..<4).reduce(0) { $0 << 8 | Int(loca[4 * glyph + $1]) } : 2 * (Int(loca[2 * glyph]) << 8 | Int(loca[2 * glyph + 1]))
        // numberOfContours, xMin, yMin, xMax, yMax: xMin and xMax swapped.
        let (xMin, xMax) = (Array(glyf[start + 2..<start + 4]), Array(glyf[start + 6..<start + 8]))
        #expect(xMin != xMax)
        glyf.replaceSubrange(start + 2..<start + 4, with: xMax)
        glyf.replaceSubrange(start + 6..<start + 8, with: xMin)
        return try SFNTFile.rebuilding(font, with: ["glyf": glyf])
    }

    /// The glyph 'cmap' maps `character` to, by its Windows Unicode BMP subtable (format 4).
    static func glyph(for character: Unicode.Scalar, in font: [UInt8]) throws -> Int? {
        let cmap = try SFNTFile.table("cmap", of: font)
        func u16(_ at: Int) -> Int { Int(cmap[at]) << 8 | Int(cmap[at + 1]) }
        let code = Int(character.value)
        for record in 0..<u16(2) where u16(4 + 8 * record) == 3 && u16(6 + 8 * record) == 1 {
            let table = (0..<4).reduce(0) { $0 << 8 | Int(cmap[8 + 8 * record + $1]) }
            guard u16(table) == 4 else { continue }
            let segments = u16(table + 6) / 2
            let (ends, starts, deltas, ranges) = (table + 14, table + 16 + 2 * segments, table + 16 + 4 * segments, table + 16 + 6 * segments)
            for segment in 0..<segments where code <= u16(ends + 2 * segment) {
                guard code >= u16(starts + 2 * segment) else { return nil }
                let range = u16(ranges + 2 * segment)
                if range == 0 { return (code + u16(deltas + 2 * segment)) & 0xFFFF }
                let glyph = u16(ranges + 2 * segment + range + 2 * (code - u16(starts + 2 * segment)))
                return glyph == 0 ? nil : (glyph + u16(deltas + 2 * segment)) & 0xFFFF
            }
        }
        return nil
    }

    @Test func aDamagedGlyphOfADigitIsFoundByLintAsByTheBuild() throws {
        let font = try Self.charis(withInsideOutGlyphFor: "7")
        let folder = TemporaryFolder()
        // "Welcome", "Skip", "Next" and "Start" have no 7; the slide labels' digits are added.
        try folder.write("app.appDef", OneFontAppDef.text(file: "Charis.ttf", name: "Charis SIL"))
        try folder.write("fonts/Charis.ttf", Data(font))
        let lint = Linter(options: LintOptions(rules: try RuleSelection(disable: [], enable: []))).lint(path: folder.path("app.appDef"))
        let project = try #require(FontBuildTests.project(at: folder.path("app.appDef")))
        let build = FontPublisher.publish(project, cacheFolder: folder.path("cache"))
        #expect(build.project.fontAssets.isEmpty)
        for (what, diagnostics) in [("lint", lint), ("build", build.diagnostics)] {
            let found = diagnostics.filter { $0.ruleID == "font-not-a-font" }
            #expect(found.count == 1, "\(what): \(diagnostics.map(\.message))")
            #expect(found.first?.message.contains("its 'glyf' table: Bad bounding box values") == true, "\(what): \(found.map(\.message))")
        }
    }
}
