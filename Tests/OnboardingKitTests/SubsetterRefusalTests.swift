import Foundation
import Testing

@testable import AppDefModel
@testable import FontProcessing
@testable import Generation
@testable import OnboardingKit

/// A font whose table HarfBuzz's subsetter refuses to copy (an 'HVAR' or 'MATH' of bytes that
/// are none, which its shaper leaves unread) is lint's error as it is the build's, and both name
/// the table: lint passed it, and the build said "its tables are damaged".
struct SubsetterRefusalTests {
    @Test(arguments: ["HVAR", "MATH", "COLR"])
    func aTableTheSubsetterCannotCopyIsNamedByLintAndTheBuild(tag: String) throws {
        let garbage = Array("PRIVATE: no table at all, 32 bytes".utf8)
        let font = try SFNTFile.rebuilding(try DebianFonts.liberationSans.bytes(), with: [tag: garbage])
        let texts = [ShapingText(language: "en", text: "Welcome")]
        let lint = try #require(try FontFileCheckProbe.drawingProblem(of: font, texts: texts), "lint passes a font the build refuses")
        #expect(!lint.isRefusal)
        #expect(lint.description == "HarfBuzz's subsetter cannot copy it: its '\(tag)' table is damaged")

        let result = try FontFileCheckProbe.published(font)
        #expect(result.project.fontAssets.isEmpty)
        #expect(result.diagnostics.map(\.ruleID) == ["font-not-a-font"])
        #expect(result.diagnostics.first?.message.hasSuffix("its '\(tag)' table is damaged") == true, "\(result.diagnostics.map(\.message))")
    }

    /// The rule examples' font that maps no character: its subset for a text has no glyph
    /// but `.notdef`, and OTS, through which Chromium and Firefox load web fonts, refuses it (an
    /// empty 'glyf'), as it refuses the whole font (a 'cmap' without subtables). Lint and the
    /// build both say so, rather than publish a font no browser loads.
    @Test func aFontMappingNoCharacterIsRefusedByLintAndTheBuildAlike() throws {
        let texts = [ShapingText(language: "en", text: "AVATAR To Wave")]
        let lint = try #require(try FontFileCheckProbe.drawingProblem(of: TinyFont.trueType, texts: texts), "lint passes a font the build refuses")
        let result = try FontFileCheckProbe.published(TinyFont.trueType)
        #expect(result.project.fontAssets.isEmpty)
        #expect(result.diagnostics.map(\.ruleID) == ["font-not-a-font"])
        for message in [lint.description, result.diagnostics.first?.message ?? ""] {
            #expect(message.contains("is refused by the font sanitizer of Chromium and Firefox (OTS): its 'cmap' table: No subtables in cmap!"), "\(message)")
        }
    }
}
