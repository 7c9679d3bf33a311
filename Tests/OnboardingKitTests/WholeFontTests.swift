import Foundation
import Testing

@testable import AppDefModel
@testable import FontProcessing
@testable import Generation
@testable import Linting
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
                // Apple's layout tables, which browsers' HarfBuzz needs in no font with OpenType layout.
                "ankr": Array("PRIVATE ankr /home/alice.secret/contracts".utf8),
                "feat": Array("PRIVATE feat /home/alice.secret/contracts".utf8),
                "trak": Array("PRIVATE trak /home/alice.secret/contracts".utf8),
                "morx": Array("PRIVATE morx /home/alice.secret/contracts".utf8),
                "name": SFNTFile.nameTable(names),
            ])
    }

    static let appDef = OneFontAppDef.text(file: "Kerned.ttf", name: "Liberation Sans", title: "AVATAR To Wave")

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
        for tag in ["Debg", "zzzz", "TSI1", "GPOX", "ankr", "feat", "trak", "morx"] { #expect(!tags.contains(tag), "\(tag) is published: \(tags.sorted())") }
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

    /// Liberation Sans kerned by its legacy 'kern' table alone ('GPOS' renamed away), that
    /// table replaced by `kern` when given.
    static func kernedOnly(kern: [UInt8]? = nil) throws -> [UInt8] {
        var font = try DebianFonts.liberationSans.bytes()
        let records = try SFNTDirectory.records(of: font)
        let index = try #require(records.firstIndex { FontFileStructure.tag($0.tag) == "GPOS" })
        font.replaceSubrange(12 + 16 * index..<12 + 16 * index + 4, with: Array("GPOX".utf8))
        guard let kern else { return font }
        return try SFNTFile.rebuilding(font, with: ["kern": kern])
    }

    static let texts = [ShapingText(language: "en", text: "AVATAR To Wave")]
    static let characters = Array("AVATR To Wave".unicodeScalars)

    /// A `kern` subtable of version 1: HarfBuzz, and so the checks and WebKit, kerns with it,
    /// while OTS skips it with a warning alone, and Chromium drew "ab" 45 px wider than checked.
    /// The build refused nothing; it refuses it now, and so does lint.
    @Test func aKernSubtableOfAnotherVersionIsRefused() throws {
        // The font's one subtable, then a copy of it of version 1: OTS keeps the table and the
        // first (a table left empty, it would discard, which the OTS check finds).
        let own = try SFNTFile.table("kern", of: try Self.kernedOnly())
        let subtable = Array(own[4...])
        let kern = [0, 0, 0, 2] + subtable + [0, 1] + Array(subtable[2...])
        let font = try Self.kernedOnly(kern: kern)
        #expect(throws: FontProcessingFailure.self) { try KernTable.check(in: font) }
        let folder = TemporaryFolder()
        try folder.write("app.appDef", Self.appDef)
        try folder.write("fonts/Kerned.ttf", Data(font))
        let project = try #require(FontBuildTests.project(at: folder.path("app.appDef")))
        let result = FontPublisher.publish(project, cacheFolder: folder.path("cache"))
        #expect(result.project.fontAssets.isEmpty, "\(result.diagnostics.map(\.message))")
        #expect(result.diagnostics.first?.message.contains("its 'kern' table") == true, "\(result.diagnostics.map(\.message))")
        let lint = try #require(try FontFileCheckProbe.drawingProblem(of: font, texts: Self.texts), "lint passes a font the build refuses")
        #expect(lint.description.contains("its 'kern' table"), "\(lint.description)")
    }

    /// What a font published whole carries as it is must be kerning pairs and nothing more.
    @Test func aKernTableWithATextAfterItsPairsIsNotPublished() throws {
        let kern = try SFNTFile.table("kern", of: try Self.kernedOnly()) + Array("PRIVATE notes /home/alice.secret/salary.xlsx".utf8)
        let folder = TemporaryFolder()
        try folder.write("app.appDef", Self.appDef)
        try folder.write("fonts/Kerned.ttf", Data(try Self.kernedOnly(kern: kern)))
        let project = try #require(FontBuildTests.project(at: folder.path("app.appDef")))
        let result = FontPublisher.publish(project, cacheFolder: folder.path("cache"))
        #expect(result.project.fontAssets.isEmpty)
        #expect(result.diagnostics.map(\.ruleID) == [BuildDiagnosticID.fontNotPublished], "\(result.diagnostics.map(\.message))")
        let message = try #require(result.diagnostics.first?.message)
        #expect(message.contains("its 'kern' table") && message.contains("holds 44 bytes after its kerning pairs"), "\(message)")
    }

    /// A 'kern' of well-formed pairs over the 1 MB the build copies: 18 more subtables of 10,000
    /// pairs each (which kern nothing) after the font's own.
    @Test func aKernTableOverTheLimitIsNotPublished() throws {
        func u16(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)] }
        let own = try SFNTFile.table("kern", of: try Self.kernedOnly())
        let ownCount = Int(own[2]) << 8 | Int(own[3])
        let pairs = 10_000
        let filler =
            u16(0) + u16(14 + 6 * pairs) + u16(1) + u16(pairs) + u16(8192 * 6) + u16(13) + u16((pairs - 8192) * 6)
            + (0..<pairs).flatMap { u16($0 / 200) + u16($0 % 200) + u16(0) }
        let kern = u16(0) + u16(ownCount + 18) + Array(own[4...]) + (0..<18).flatMap { _ in filler }
        #expect(kern.count > KernTable.largest)
        let font = try Self.kernedOnly(kern: kern)
        do {
            _ = try WebFontMaker.make(from: font, characters: Self.characters, texts: Self.texts)
            Issue.record("a font whose 'kern' is over the limit was published")
        } catch {
            #expect(error.isRefusal)
            #expect(error.description.contains("its 'kern' table") && error.description.contains("more than the 1 MB"), "\(error.description)")
        }
    }

    /// Brotli at its highest quality takes a minute over 30 MB: a whole font over the limit is
    /// refused before it is compressed.
    @Test func aWholeFontOverTheLimitIsRefusedBeforeItIsCompressed() throws {
        let font = try Self.kernedOnly()
        #expect(try WebFontMaker.make(from: font, characters: Self.characters, texts: Self.texts).wholeFontReason != nil)
        do {
            _ = try WebFontMaker.make(from: font, characters: Self.characters, texts: Self.texts, largestWhole: 20_000)
            Issue.record("a whole font over the limit was published")
        } catch {
            #expect(error.isRefusal)
            #expect(error.description.contains("more than the 19 KB the build publishes whole"), "\(error.description)")
        }
    }
}

/// A font HarfBuzz reads but whose subset its subsetter fails to make for the carousel's
/// characters is published whole, as a subset that shapes otherwise is: lint passes it, and
/// it is no damaged font.
struct UnsubsettableFontTests {
    @Test func aFontTheSubsetterFailsOnIsPublishedWhole() throws {
        // Four thousand Chinese characters, each apart from the next: HarfBuzz 6's subsetter
        // fails on Droid Sans Fallback's 'cmap' for them.
        let text = String(String.UnicodeScalarView((0..<4000).compactMap { Unicode.Scalar(0x4E00 + 2 * $0) }))
        let folder = TemporaryFolder()
        try folder.write("app.appDef", WholeFontTests.appDef.replacingOccurrences(of: "AVATAR To Wave", with: text))
        try folder.write("fonts/Kerned.ttf", Data(try DebianFonts.droidSansFallback.bytes()))
        let project = try #require(FontBuildTests.project(at: folder.path("app.appDef")))
        let result = FontPublisher.publish(project, cacheFolder: folder.path("cache"))
        #expect(result.diagnostics.allSatisfy { $0.ruleID == "font-published-whole" }, "\(result.diagnostics.map(\.message))")
        #expect(result.project.fontAssets.count == 1)
    }
}
