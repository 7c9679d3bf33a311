import Foundation
import Testing

@testable import AppDefModel
@testable import FontProcessing
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// A published font carries no glyph names in its `post` table: a font tool names glyphs as
/// its author likes, and a TrueType font's version 2 `post` holds every name as text. HarfBuzz
/// writes version 3 (no names) unless asked to keep them, subset or whole.
///
/// A CFF font's glyph names are in its CFF table (the charset's strings), not in `post`:
/// HarfBuzz's subsetter keeps those of the glyphs it keeps and has no setting to drop them (see
/// `subset_input` in `Sources/CFonts/harfbuzz.cpp`).
struct GlyphNameTests {
    /// The version of `sfnt`'s `post` table, 0x00030000 for version 3.
    static func postVersion(of sfnt: [UInt8]) throws -> UInt32 {
        let post = try SFNTFile.table("post", of: sfnt)
        return post.prefix(4).reduce(0) { $0 << 8 | UInt32($1) }
    }

    @Test(arguments: [DebianFonts.liberationSans, DebianFonts.charis, DebianFonts.c059])
    func aSubsetCarriesNoGlyphNameInPost(_ font: DebianFonts.Font) throws {
        let source = try font.bytes()
        let (sfnt, ruleIDs) = try FontNameTests.published(source)
        #expect(ruleIDs.isEmpty)
        #expect(try Self.postVersion(of: sfnt) == 0x0003_0000)
        #expect(try SFNTFile.table("post", of: sfnt).count == 32, "a version 3 post is its header alone")
    }

    /// The source's `post` is version 2, with its glyph names: the test shows they are left out.
    @Test func theTrueTypeSourcesHoldGlyphNames() throws {
        for font in [DebianFonts.liberationSans, DebianFonts.charis] {
            #expect(try Self.postVersion(of: try font.bytes()) == 0x0002_0000, "\(font.path)")
        }
    }

    @Test func aWholeFontCarriesNoGlyphNameInPost() throws {
        let source = try WholeFontTests.kernedOnly()
        #expect(try Self.postVersion(of: source) == 0x0002_0000)
        let (sfnt, ruleIDs) = try FontNameTests.published(source)
        #expect(ruleIDs == ["font-published-whole"])
        #expect(try Self.postVersion(of: sfnt) == 0x0003_0000)
    }
}
