import Foundation
import Testing

@testable import FontProcessing

/// Fonts whose layout rules fill a glyph in one run of a text and leave it empty in another:
/// shaped as one run, the text drew; as Chromium and WebKit shape it, in the runs they cut it
/// into, it drew nothing there. Lint and the build refuse each; its control, the same font
/// but for the rule that leaves the glyph empty, they publish. Made by
/// `Fixtures/run-fonts/make.py` (fontTools); a hostile reading saw each draw nothing in
/// Chromium (and WebKit, for the script and emoji ones).
struct TextRunFontTests {
    static func font(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: Fixtures.folder("run-fonts").appendingPathComponent("\(name).ttf")))
    }

    @Test(
        arguments: [
            ("script", "a Ω", "U+03A9"), ("bracket", "a Ω(b)", "U+0029"), ("notdef", "Ω acb", "U+0062"), ("emoji", "a \u{2665}\u{FE0F}b", "U+0062"),
            ("emoji", "a \u{2665}b", "U+0062"),
        ])
    func aGlyphEmptyInARunBrowsersShapeIsFound(_ name: String, _ title: String, _ character: String) throws {
        let texts = [ShapingText(language: "en", text: title)]
        let font = try Self.font(name)
        do throws(FontProcessingFailure) {
            try WebFontMaker.checkPublishable(font, texts: texts)
            Issue.record("'\(name)' with \"\(title)\" passed")
        } catch {
            #expect(error.isRefusal && error.description.contains("with empty glyphs (\(character) among them"), "\(error.description)")
        }
        #expect(throws: Never.self) { try WebFontMaker.checkPublishable(try Self.font(name + "-control"), texts: texts) }
    }
}
