import Foundation
import Testing

@testable import FontProcessing

/// A CFF charstring HarfBuzz draws and its subsetter copies as it is, which OTS refuses: an
/// 'rlineto' with 50 operands (CFF allows 48 on the stack). Lint and the build passed the font,
/// and Chromium drew its text in another font; they refuse it now, naming the table, and
/// publish the same font sound. Made by `Fixtures/cff-fonts/make.py` (fontTools).
struct CFFCharStringTests {
    static func font(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: Fixtures.folder("cff-fonts").appendingPathComponent("\(name).otf")))
    }

    static let texts = [ShapingText(language: "en", text: "Welcome")]
    static let characters = Array(Set("Welcome".unicodeScalars))

    @Test func aCharStringOTSRefusesIsRefusedByLintAndTheBuild() throws {
        let font = try Self.font("fifty-operands")
        #expect(try !HarfBuzzFont(sfnt: font).shape("Welcome", language: "en").isEmpty, "HarfBuzz shapes it")
        func failure(_ work: () throws -> Void) -> String? {
            do {
                try work()
                return nil
            } catch {
                return "\(error)"
            }
        }
        let lint = failure { try WebFontMaker.checkPublishable(font, texts: Self.texts) }
        let build = failure { _ = try WebFontMaker.make(from: font, characters: Self.characters, texts: Self.texts) }
        for message in [lint, build] {
            #expect(
                message?.contains("refused by the font sanitizer of Chromium and Firefox (OTS): its 'CFF' table: Failed validating CharStrings INDEX")
                    == true, "\(message ?? "passed")")
        }
        #expect(throws: Never.self) { try WebFontMaker.checkPublishable(try Self.font("sound"), texts: Self.texts) }
        #expect(throws: Never.self) { _ = try WebFontMaker.make(from: try Self.font("sound"), characters: Self.characters, texts: Self.texts) }
    }
}
