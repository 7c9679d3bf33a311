import Foundation
import Testing

@testable import FontProcessing
@testable import OnboardingKit

/// A font whose subset cannot be trusted is published whole, and "whole" means every glyph and
/// layout table a browser reads, not every byte of the file: a font tool's private tables and
/// the names of its designer and notes stay home, as they do from a subset.
struct WholeFontTests {
    /// Liberation Sans kerned by its legacy 'kern' table alone ('GPOS' renamed away), which a
    /// subset loses (so the build publishes it whole), with the private data font tools leave.
    static func fontWithPrivateData() throws -> [UInt8] {
        var font = try DebianFonts.liberationSans.bytes()
        let records = try SFNTDirectory.records(of: font)
        let index = try #require(records.firstIndex { FontFileStructure.tag($0.tag) == "GPOS" })
        font.replaceSubrange(12 + 16 * index..<12 + 16 * index + 4, with: Array("GPOX".utf8))
        let names = [
            1: "Liberation Sans", 2: "Regular", 3: "PRIVATE unique id: alice.secret@laptop", 4: "Liberation Sans", 6: "LiberationSans",
            9: "PRIVATE designer Alice Secret", 10: "PRIVATE notes, built from /home/alice.secret/src", 256: "PRIVATE stylistic set name",
        ]
        return try SFNTFile.rebuilding(
            font,
            with: [
                "Debg": Array(#"{"PRIVATE": "/home/alice.secret/src/features.fea"}"#.utf8),
                "zzzz": Array("PRIVATE zzzz /home/alice.secret/notes.txt".utf8),
                "TSI1": Array("PRIVATE VTT source".utf8),
                "name": SFNTFile.nameTable(names),
            ])
    }

    static let appDef = """
        <?xml version="1.0" encoding="utf-8"?>
        <app-definition type="SAB">
          <fonts><font family="font1"><font-name>Liberation Sans</font-name><f format="truetype">Kerned.ttf</f></font></fonts>
          <interface-languages><writing-systems>
            <writing-system code="en" type="interface"><font-family>font1</font-family></writing-system>
          </writing-systems></interface-languages>
          <translation-mappings default-lang="en"><tm id="Button_Skip"><t lang="en">Skip</t></tm><tm id="Button_Next"><t lang="en">Next</t></tm><tm id="Button_Start"><t lang="en">Start</t></tm></translation-mappings>
          <onboarding-screen><title type="top-title"><t>AVATAR To Wave</t></title></onboarding-screen>
        </app-definition>
        """

    @Test func aFontPublishedWholeHoldsNoPrivateTableNorName() throws {
        let folder = TemporaryFolder()
        try folder.write("app.appDef", Self.appDef)
        let source = try Self.fontWithPrivateData()
        try folder.write("fonts/Kerned.ttf", Data(source))
        let project = try #require(FontBuildTests.project(at: folder.path("app.appDef")))
        // A cache of its own: a font made by another run is not what this one makes.
        let result = FontPublisher.publish(project, cacheFolder: folder.path("cache"))
        #expect(result.diagnostics.map(\.ruleID) == ["font-published-whole"], "\(result.diagnostics.map(\.message))")
        #expect(result.work == FontPublisher.Work(made: 0, madeWhole: 1, reused: 0))
        #expect(result.work.summary == "0 subset, 1 published whole, 0 reused from the cache")

        let font = try #require(result.project.fontAssets.first)
        let published = try WOFF2Codec.decode(font.bytes)
        let tags = Set(try SFNTDirectory.records(of: published).map { FontFileStructure.tag($0.tag) })
        for tag in ["Debg", "zzzz", "TSI1", "GPOX"] { #expect(!tags.contains(tag), "\(tag) is published: \(tags.sorted())") }
        #expect(tags.isSuperset(of: ["cmap", "glyf", "loca", "head", "hhea", "hmtx", "maxp", "name", "OS/2", "post", "kern"]), "\(tags.sorted())")
        for encoding in [Array("PRIVATE".utf8), Array("PRIVATE".utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }] {
            #expect(published.firstRange(of: encoding) == nil, "a private text is published")
        }
        // Whole: every glyph of the source, and every character its map gives.
        let (original, copy) = (try HarfBuzzFont(sfnt: source), try HarfBuzzFont(sfnt: published))
        #expect(copy.glyphCount == original.glyphCount)
        for character in "AVATR To Wave ÅÆßœ€ŁŽ".unicodeScalars {
            #expect(copy.hasGlyph(for: character) == original.hasGlyph(for: character), "U+\(String(character.value, radix: 16))")
        }
    }
}
