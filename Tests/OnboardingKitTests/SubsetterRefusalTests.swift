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

    /// The rule examples' font, which lint passes (`font-not-a-font`'s example that triggers
    /// nothing), is one the build publishes: its 'glyf' was empty, which the subsetter refuses.
    @Test func theRuleExamplesFontIsPublished() throws {
        let folder = TemporaryFolder()
        try folder.write("app.appDef", WholeFontTests.appDef)
        try folder.write("fonts/Kerned.ttf", Data(TinyFont.trueType))
        let project = try #require(FontBuildTests.project(at: folder.path("app.appDef")))
        let result = FontPublisher.publish(project, cacheFolder: folder.path("cache"))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        #expect(result.project.fontAssets.count == 1)
    }
}
