import Foundation
import Testing

@testable import AppDefModel
@testable import FontProcessing
@testable import Generation
@testable import OnboardingKit

/// The tables HarfBuzz 6's subsetter copies as the source has them (`gasp`, `fvar`, `avar`,
/// `MVAR`, and `head`, `hhea`, `vhea` with a few fields set) carry only what their readers read
/// into a published font: a text appended to Liberation Sans's `head` or `gasp`, or an `MVAR`
/// of any bytes, was published in its subset and whole.
struct CopiedFontTableTests {
    static let u16 = FontNameTests.u16
    static let u32 = FontNameTests.u32
    static let secret = Array("PRIVATE built by alice.secret@laptop in /home/alice.secret/fonts".utf8)

    /// An `MVAR` varying the x-height along one axis, with `gap` between its record and its
    /// store of deltas.
    static func mvar(gap: [UInt8] = []) -> [UInt8] {
        let store = 12 + 8 + gap.count
        let header = u16(1) + u16(0) + u16(0) + u16(8) + u16(1) + u16(store)
        let record = Array("xhgt".utf8) + u16(0) + u16(0)
        // The store: its header (8 bytes) and one offset, 4 bytes of regions, one region, then one delta set.
        let storeHeader = u16(1) + u32(12) + u16(1) + u32(22)
        let regions = u16(1) + u16(1) + u16(0) + u16(0x4000) + u16(0x4000)
        let deltas = u16(1) + u16(0) + u16(1) + u16(0) + [10]
        return header + record + gap + storeHeader + regions + deltas
    }

    /// An `avar` of `version` mapping one axis's -1, 0 and 1 to themselves.
    static func avar(version: Int) -> [UInt8] {
        let map = u16(3) + u16(0xC000) + u16(0xC000) + u16(0) + u16(0) + u16(0x4000) + u16(0x4000)
        return u16(version) + u16(0) + u16(0) + u16(1) + map + (version == 2 ? u32(0) + u32(0) : [])
    }

    static func expectNoSecret(in sfnt: [UInt8], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(sfnt.firstRange(of: Array(secret.prefix(7))) == nil, "a text the source carried is published", sourceLocation: sourceLocation)
    }

    @Test(arguments: ["head", "hhea", "gasp"])
    func aTextAppendedToATableTheSubsetterCopiesIsNotPublished(tag: String) throws {
        // Subset, and whole (kerned by its 'kern' table alone).
        for (source, ruleIDs) in [(try DebianFonts.liberationSans.bytes(), []), (try WholeFontTests.kernedOnly(), ["font-published-whole"])] {
            let table = try SFNTFile.table(tag, of: source)
            let (published, said) = try FontNameTests.published(try SFNTFile.rebuilding(source, with: [tag: table + Self.secret]))
            #expect(said == ruleIDs)
            Self.expectNoSecret(in: published)
            #expect(try SFNTFile.table(tag, of: published).count == table.count)
        }
    }

    @Test func variationTablesArePublishedWithWhatTheirReadersReadAlone() throws {
        let fvar = FontNameTests.fvar(axisName: 1, instanceName: 2)
        let font = try SFNTFile.rebuilding(
            try DebianFonts.liberationSans.bytes(),
            with: ["fvar": fvar + Self.secret, "avar": Self.avar(version: 1) + Self.secret, "MVAR": Self.mvar(gap: Self.secret) + Self.secret])
        let (published, ruleIDs) = try FontNameTests.published(font)
        #expect(ruleIDs.isEmpty)
        Self.expectNoSecret(in: published)
        #expect(try SFNTFile.table("fvar", of: published) == fvar)
        #expect(try SFNTFile.table("avar", of: published) == Self.avar(version: 1))
        // The gap is zeroed, its store where it was.
        #expect(try SFNTFile.table("MVAR", of: published) == Self.mvar(gap: [UInt8](repeating: 0, count: Self.secret.count)))
    }

    /// What version 2 adds (a second store of deltas, read by browsers since 2023 only) would be
    /// published unread: the axes' maps are published as version 1.0.
    @Test func anAvarOfVersion2IsPublishedAsVersion1() throws {
        let font = try SFNTFile.rebuilding(
            try DebianFonts.liberationSans.bytes(), with: ["fvar": FontNameTests.fvar(axisName: 1, instanceName: 2), "avar": Self.avar(version: 2)])
        #expect(try SFNTFile.table("avar", of: try FontNameTests.published(font).sfnt) == Self.avar(version: 1))
    }

    /// An `MVAR` whose store lists `sets` delta sets, all at one offset: a set of `items` rows
    /// of 32 deltas. Each set is a part its readers read; the table is no larger for them.
    static func mvar(sets: Int, sharingRowsOf items: Int) -> [UInt8] {
        let regionsOffset = 8 + 4 * sets
        let regions = u16(1) + u16(1) + u16(0) + u16(0x4000) + u16(0x4000)
        let deltaSet = u16(items) + u16(0) + u16(32) + [UInt8](repeating: 0, count: 2 * 32 + 32 * items)
        let offsets = (0..<sets).flatMap { _ in u32(regionsOffset + regions.count) }
        let store = u16(1) + u32(regionsOffset) + u16(sets) + offsets + regions + deltaSet
        return u16(1) + u16(0) + u16(0) + u16(8) + u16(0) + u16(12) + store
    }

    /// Delta sets sharing one offset are one part: each was copied over the whole of it in turn,
    /// so an `MVAR` of 65,535 sets sharing 16 MB (a 17 MB font, which lint passed in a third of
    /// a second) took a build six minutes.
    @Test func deltaSetsSharingAnOffsetAreOnePart() throws {
        let table = Self.mvar(sets: 65_535, sharingRowsOf: 64)
        let parts = try CopiedTables.readParts(of: "MVAR", in: table).get()
        #expect(zip(parts, parts.dropFirst()).allSatisfy { $0.upperBound < $1.lowerBound }, "parts overlap or touch")
        #expect(parts == [0..<table.count], "every byte of it is read")
        let font = try SFNTFile.rebuilding(try DebianFonts.liberationSans.bytes(), with: ["MVAR": table])
        #expect(try SFNTFile.table("MVAR", of: try CopiedTables.published(in: font)) == table)
    }

    /// A copied table whose parts lie past its end (an `fvar` of garbage) is damaged: lint and
    /// the build say which, where it was published as it was.
    @Test(arguments: [
        ("fvar", Array(FontNameTests.fvar(axisName: 1, instanceName: 2).prefix(40)), "it ends (40 bytes) before the end of instance 1"),
        ("MVAR", Array(mvar().prefix(30)), "it ends (30 bytes) before the end of its store's offsets"),
        ("gasp", u16(1) + u16(4) + u16(8) + u16(2), "it ends (8 bytes) before the end of its 4 ranges"),
    ])
    func aDamagedCopiedTableIsAnErrorOfLintAndTheBuild(tag: String, table: [UInt8], part: String) throws {
        let font = try SFNTFile.rebuilding(try DebianFonts.liberationSans.bytes(), with: [tag: table])
        let texts = [ShapingText(language: "en", text: "Welcome")]
        #expect(throws: FontProcessingFailure.self) { try WebFontMaker.checkPublishable(font, texts: texts) }
        let lint = try #require(try FontFileCheckProbe.drawingProblem(of: font, texts: texts))
        #expect(!lint.isRefusal)
        #expect(lint.description.contains("its '\(tag)' table is damaged: \(part)"), "\(lint.description)")

        let result = try FontFileCheckProbe.published(font)
        #expect(result.project.fontAssets.isEmpty)
        #expect(result.diagnostics.map(\.ruleID) == ["font-not-a-font"])
        #expect(result.diagnostics.first?.message.contains("its '\(tag)' table is damaged") == true)
    }
}

/// Lint's check of what a font draws, of bytes in a file of their own.
enum FontFileCheckProbe {
    static func drawingProblem(of font: [UInt8], texts: [ShapingText]) throws -> FontProcessingFailure? {
        let folder = TemporaryFolder()
        try folder.write("Font.ttf", Data(font))
        return FontFileCheck.drawingProblem(at: folder.path("Font.ttf"), texts: texts)
    }

    /// What the build publishes of `font` as the one font of a project, and what it reports.
    static func published(_ font: [UInt8]) throws -> (project: OnboardingProject, diagnostics: [Diagnostic]) {
        let folder = TemporaryFolder()
        try folder.write("app.appDef", WholeFontTests.appDef)
        try folder.write("fonts/Kerned.ttf", Data(font))
        let project = try #require(FontBuildTests.project(at: folder.path("app.appDef")))
        let result = FontPublisher.publish(project, cacheFolder: folder.path("cache"))
        return (result.project, result.diagnostics)
    }
}
