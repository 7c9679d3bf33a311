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

    /// An `fvar` of `axes` (tag, least, default and greatest value), each named 256, and
    /// `instances` instances of `instanceSize` bytes (those of their coordinates and
    /// PostScript name when not given), each at every axis's default, named 257.
    static func fvar(axes: [(String, Int, Int, Int)], instances: Int = 0, instanceSize: Int? = nil) -> [UInt8] {
        let size = instanceSize ?? 6 + 4 * axes.count
        let header = u16(1) + u16(0) + u16(16) + u16(2) + u16(axes.count) + u16(20) + u16(instances) + u16(size)
        var records: [UInt8] = []
        for (tag, minimum, defaultValue, maximum) in axes {
            let range: [UInt8] = u32(minimum << 16) + u32(defaultValue << 16) + u32(maximum << 16)
            records += Array(tag.utf8) + range + u16(0) + u16(256)
        }
        let coordinates: [UInt8] = axes.flatMap { u32($0.2 << 16) }
        let instance: [UInt8] = u16(257) + u16(0) + coordinates + u16(0xFFFF)
        let padded = Array((instance + [UInt8](repeating: 0x55, count: max(0, size - instance.count))).prefix(size))
        return header + records + (0..<instances).flatMap { _ in padded }
    }

    /// An `avar` of one axis mapping the F2Dot14 positions `pairs`.
    static func avar(pairs: [(Int, Int)]) -> [UInt8] {
        u16(1) + u16(0) + u16(0) + u16(1) + u16(pairs.count) + pairs.flatMap { u16($0.0) + u16($0.1) }
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
        let parts = try CopiedTables.readParts(of: "MVAR", in: table).get().parts
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
        // What HarfBuzz, which the checks draw with, and browsers read otherwise: HarfBuzz mends
        // the range and sets both axes of a tag; Chromium drops the variations, or sets one axis.
        ("fvar", fvar(axes: [("wght", 200, 100, 900)]), "axis 1 ('wght') has its default 100 outside its range 200 to 900"),
        ("fvar", fvar(axes: [("wght", 100, 100, 900), ("wght", 100, 900, 900)]), "axes 1 and 2 are both 'wght'"),
        // A map without 1 to 1 (FreeType leaves the positions past its last pair as they are),
        // and one out of order.
        ("avar", avar(pairs: [(-0x4000, -0x4000), (0, 0), (0x1800, 0x3999)]), "the map of axis 1 does not map -1, 0 and 1 to themselves"),
        ("avar", avar(pairs: [(-0x4000, -0x4000), (0, 0x2000), (0x1000, 0), (0x4000, 0x4000)]), "the map of axis 1 is not in increasing order"),
        // Maps of two axes for the 'fvar' of one: FreeType (WebKit) maps none, HarfBuzz the first.
        (
            "avar", u16(1) + u16(0) + u16(0) + u16(2) + (0..<2).flatMap { _ in u16(0) },
            "it maps 2 axes, and its 'fvar' has 1"
        ),
    ])
    func aDamagedCopiedTableIsAnErrorOfLintAndTheBuild(tag: String, table: [UInt8], part: String) throws {
        // An 'avar' is read with the 'fvar' of its one axis.
        let variations = tag == "avar" ? ["fvar": Self.fvar(axes: [("wght", 100, 400, 900)])] : [:]
        try expectDamaged(try SFNTFile.rebuilding(try DebianFonts.liberationSans.bytes(), with: variations.merging([tag: table]) { $1 }), tag, part)
    }

    /// Units to the em outside the 16 to 16384 browsers take: Chromium's sanitiser refused
    /// the font, and HarfBuzz measured it at 1000 units.
    @Test func unitsToTheEmBrowsersRefuseAreAnErrorOfLintAndTheBuild() throws {
        let source = try DebianFonts.liberationSans.bytes()
        var head = try SFNTFile.table("head", of: source)
        head.replaceSubrange(18..<20, with: Self.u16(20000))
        let font = try SFNTFile.rebuilding(source, with: ["head": head])
        try expectDamaged(font, "head", "it gives 20000 units to the em, outside the 16 to 16384 browsers take")
    }

    /// A font whose subset and whole font HarfBuzz makes shape otherwise than it does (an
    /// 'hhea' of version 2.0, which HarfBuzz reads in the source and not as its subsetter
    /// writes it) is refused by lint as by the build: lint passed it, as it made no comparison.
    /// What they say is OTS's reason to refuse the font itself (and Chromium's), which is the
    /// one to mend.
    @Test func aFontThatCannotBeMadeAlikeIsAnErrorOfLintToo() throws {
        let source = try DebianFonts.liberationSans.bytes()
        var hhea = try SFNTFile.table("hhea", of: source)
        hhea.replaceSubrange(0..<2, with: Self.u16(2))
        let font = try SFNTFile.rebuilding(source, with: ["hhea": hhea])
        let built = try FontFileCheckProbe.published(font)
        #expect(built.diagnostics.map(\.ruleID) == ["font-not-a-font"], "\(built.diagnostics.map(\.message))")
        let lint = try FontFileCheckProbe.drawingProblem(of: font, texts: [ShapingText(language: "en", text: "Welcome")])
        #expect(
            lint?.description == "it is refused by the font sanitizer of Chromium and Firefox (OTS): its 'hhea' table: Unsupported majorVersion: 2",
            "\(String(describing: lint))")
    }

    /// An instance of another size than the specification's two (4 or 6 bytes and 4 an axis),
    /// which OTS, through which Chromium and Firefox load web fonts, discards with every
    /// variation table: lint and the build refuse it alike, naming the table. (Before, the
    /// instance cut short made a font HarfBuzz did not read, which the build refused and lint
    /// passed; then one kept at its size was published, and browsers dropped its variations.)
    @Test func anInstanceOfAnotherSizeIsAnErrorOfLintAndTheBuild() throws {
        let fvar = Self.fvar(axes: [("wght", 100, 400, 900)], instances: 1, instanceSize: 12)
        let font = try SFNTFile.rebuilding(try DebianFonts.liberationSans.bytes(), with: ["fvar": fvar])
        let lint = try #require(try FontFileCheckProbe.drawingProblem(of: font, texts: [ShapingText(language: "en", text: "Welcome")]))
        let result = try FontFileCheckProbe.published(font)
        #expect(result.project.fontAssets.isEmpty)
        for message in [lint.description, result.diagnostics.first?.message ?? ""] {
            #expect(message.contains("has a table that the font sanitizer of Chromium and Firefox (OTS) discards: its 'fvar' table"), "\(message)")
        }
    }

    private func expectDamaged(_ font: [UInt8], _ tag: String, _ part: String) throws {
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
