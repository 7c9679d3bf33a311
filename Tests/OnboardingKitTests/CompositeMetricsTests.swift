import Foundation
import Testing

@testable import AppDefModel
@testable import FontProcessing
@testable import Generation
@testable import OnboardingKit

/// A composite glyph that takes its metrics from a component (USE_MY_METRICS) whose advance
/// is not its own is set at one width by HarfBuzz (the checks) and Chromium, and at the other
/// by FreeType (WebKit, where a hostile reading saw "WWWW" twice as wide): lint and the build
/// refuse it, naming the glyphs. OTS passes it. Before, both published it.
struct CompositeMetricsTests {
    /// Liberation Sans with the advance of 'Á' (A and an acute, A's metrics) doubled.
    static func font() throws -> [UInt8] {
        let font = try DebianFonts.liberationSans.bytes()
        let glyph = try #require(try LintSubsetTests.glyph(for: "Á", in: font))
        var hmtx = try SFNTFile.table("hmtx", of: font)
        let advance = Int(hmtx[4 * glyph]) << 8 | Int(hmtx[4 * glyph + 1])
        hmtx.replaceSubrange(4 * glyph..<4 * glyph + 2, with: [UInt8(truncatingIfNeeded: advance >> 7), UInt8(truncatingIfNeeded: advance << 1)])
        return try SFNTFile.rebuilding(font, with: ["hmtx": hmtx])
    }

    @Test func aCompositeWhoseMetricsComponentHasAnotherAdvanceIsRefused() throws {
        let font = try Self.font()
        let texts = [ShapingText(language: "en", text: "ÁVILA")]
        let lint = try #require(try FontFileCheckProbe.drawingProblem(of: font, texts: texts), "lint passes it")
        let folder = TemporaryFolder()
        try folder.write("app.appDef", OneFontAppDef.text(file: "Kerned.ttf", name: "Liberation Sans", title: "ÁVILA"))
        try folder.write("fonts/Kerned.ttf", Data(font))
        let project = try #require(FontBuildTests.project(at: folder.path("app.appDef")))
        let built = FontPublisher.publish(project, cacheFolder: folder.path("cache"))
        #expect(built.project.fontAssets.isEmpty)
        for message in [lint.description, built.diagnostics.first?.message ?? ""] {
            #expect(message.contains("(USE_MY_METRICS), whose advance is"), "\(message)")
        }
    }

    /// Real fonts' composites (Liberation's, Charis's: an accented letter with its base's
    /// metrics) have their component's advance, and are published.
    @Test func realFontsCompositesPass() throws {
        for font in [DebianFonts.liberationSans, DebianFonts.charis] {
            #expect(throws: Never.self) { try CompositeMetrics.check(try font.bytes()) }
        }
    }
}
