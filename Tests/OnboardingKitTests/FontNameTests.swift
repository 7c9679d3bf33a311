import Foundation
import Testing

@testable import AppDefModel
@testable import FontProcessing
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// A published font carries the names 0, 1, 2, 4, 5, 6, 13 and 14 and no other, whatever
/// another table points to: HarfBuzz's subsetter keeps every name STAT or fvar names, so a
/// STAT pointing to the unique id (3) or the designer's notes (10) published them.
struct FontNameTests {
    static func u16(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)] }
    static func u32(_ value: Int) -> [UInt8] { u16(value >> 16) + u16(value & 0xFFFF) }

    /// A STAT of one axis named by `axisName` and one value named by `valueName`.
    static func stat(axisName: Int, valueName: Int) -> [UInt8] {
        let header = u16(1) + u16(1) + u16(8) + u16(1) + u32(20) + u16(1) + u32(28) + u16(2)
        return header + Array("wght".utf8) + u16(axisName) + u16(0) + u16(2) + u16(1) + u16(0) + u16(0) + u16(valueName) + u32(400 << 16)
    }

    /// An fvar of one weight axis named by `axisName` and one instance named by `instanceName`.
    static func fvar(axisName: Int, instanceName: Int) -> [UInt8] {
        let header = u16(1) + u16(0) + u16(16) + u16(2) + u16(1) + u16(20) + u16(1) + u16(8)
        let axis = Array("wght".utf8) + u32(400 << 16) + u32(400 << 16) + u32(700 << 16) + u16(0) + u16(axisName)
        return header + axis + u16(instanceName) + u16(0) + u32(400 << 16)
    }

    static let privateNames = [
        3: "PRIVATE unique id: alice.secret@laptop", 9: "PRIVATE designer Alice Secret", 10: "PRIVATE notes, built from /home/alice.secret/src",
        256: "PRIVATE axis", 300: "PRIVATE instance",
    ]

    /// `font` with the private names, and a STAT and an fvar pointing to them.
    static func pointingToPrivateNames(_ font: [UInt8]) throws -> [UInt8] {
        let names = [1: "Liberation Sans", 2: "Regular", 4: "Liberation Sans", 6: "LiberationSans"].merging(privateNames) { $1 }
        return try SFNTFile.rebuilding(
            font,
            with: [
                "name": SFNTFile.nameTable(names), "STAT": stat(axisName: 3, valueName: 10), "fvar": fvar(axisName: 256, instanceName: 300),
            ])
    }

    /// Publishes `font` as the only font of ``WholeFontTests/appDef``; its sfnt, and the rule
    /// ids of what was said.
    static func published(_ font: [UInt8]) throws -> (sfnt: [UInt8], ruleIDs: [String]) {
        let folder = TemporaryFolder()
        try folder.write("app.appDef", WholeFontTests.appDef)
        try folder.write("fonts/Kerned.ttf", Data(font))
        let project = try #require(FontBuildTests.project(at: folder.path("app.appDef")))
        let result = FontPublisher.publish(project, cacheFolder: folder.path("cache"))
        let asset = try #require(result.project.fontAssets.first, "\(result.diagnostics.map(\.message))")
        return (try WOFF2Codec.decode(asset.bytes), result.diagnostics.map(\.ruleID))
    }

    static func expectNoPrivateName(in sfnt: [UInt8]) throws {
        for encoding in [Array("PRIVATE".utf8), Array("PRIVATE".utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }] {
            #expect(sfnt.firstRange(of: encoding) == nil, "a private name is published")
        }
        let names = try SFNTFile.table("name", of: sfnt)
        func u16(at offset: Int) -> Int { Int(names[offset]) << 8 | Int(names[offset + 1]) }
        let ids = (0..<u16(at: 2)).map { record in u16(at: 6 + 12 * record + 6) }
        #expect(Set(ids) == [1, 2, 4, 6], "\(ids)")
    }

    @Test func aSubsetCarriesNoNameThatSTATOrFvarPointsTo() throws {
        let font = try Self.pointingToPrivateNames(try DebianFonts.liberationSans.bytes())
        let (sfnt, ruleIDs) = try Self.published(font)
        #expect(ruleIDs.isEmpty)
        try Self.expectNoPrivateName(in: sfnt)
        let tags = Set(try SFNTDirectory.records(of: sfnt).map { FontFileStructure.tag($0.tag) })
        #expect(!tags.contains("STAT"), "no browser reads STAT: \(tags.sorted())")
        #expect(tags.contains("fvar"), "fvar says how the font varies: \(tags.sorted())")
    }

    @Test func aWholeFontCarriesNoNameThatSTATOrFvarPointsTo() throws {
        let (sfnt, ruleIDs) = try Self.published(try Self.pointingToPrivateNames(try WholeFontTests.kernedOnly()))
        #expect(ruleIDs == ["font-published-whole"])
        try Self.expectNoPrivateName(in: sfnt)
    }

    /// Records of other names, and those of a format 1 table's language tags, are left out;
    /// the strings kept are those of the names kept.
    @Test func theNameTableIsCutDownToThePublishedNames() throws {
        let u16 = Self.u16
        let family = Array("Sans".utf16).flatMap { u16(Int($0)) }
        let secret = Array("PRIVATE".utf16).flatMap { u16(Int($0)) }
        let familyRecord: [UInt8] = u16(3) + u16(1) + u16(0x409) + u16(1) + u16(family.count) + u16(0)
        let uniqueRecord: [UInt8] = u16(3) + u16(1) + u16(0x409) + u16(3) + u16(secret.count) + u16(family.count)
        let taggedRecord: [UInt8] = u16(3) + u16(1) + u16(0x8000) + u16(2) + u16(secret.count) + u16(family.count)
        let records = familyRecord + uniqueRecord + taggedRecord
        let languageTags = u16(1) + u16(4) + u16(family.count + secret.count)
        let header: [UInt8] = u16(1) + u16(3) + u16(6 + records.count + languageTags.count)
        let strings: [UInt8] = family + secret + Array("en".utf16).flatMap { u16(Int($0)) }
        let table: [UInt8] = header + records + languageTags + strings
        let kept = try #require(NameTable.publishedNames(of: table))
        let record: [UInt8] = u16(3) + u16(1) + u16(0x409) + u16(1) + u16(family.count) + u16(0)
        #expect(kept == u16(0) + u16(1) + u16(18) + record + family)
        // A record whose string lies outside the table: no name table.
        #expect(NameTable.publishedNames(of: Array(table.prefix(6 + records.count))) == nil)
    }

    /// Kept records whose storage would start past 64 KB cannot be written as a name table: no
    /// table (the build then says the font cannot be published), never one whose offsets wrapped.
    @Test func keptRecordsThatCannotFitInANameTableGiveNone() {
        let u16 = Self.u16
        let count = 6000
        // Six thousand English family names, empty, one per language id.
        let records: [UInt8] = (0..<count).flatMap { (language: Int) -> [UInt8] in
            let platform: [UInt8] = u16(3) + u16(1)
            let name: [UInt8] = u16(language) + u16(1)
            return platform + name + u16(0) + u16(0)
        }
        let header: [UInt8] = u16(0) + u16(count) + u16(6 + records.count)
        let table = header + records
        #expect(NameTable.publishedNames(of: table) == nil)
        // 5,460 records fit: their storage starts at 65,526.
        let fitting = Array(records.prefix(12 * 5460))
        let fittingHeader: [UInt8] = u16(0) + u16(5460) + u16(6 + fitting.count)
        let kept = NameTable.publishedNames(of: fittingHeader + fitting)
        #expect(kept?.count == 6 + fitting.count)
    }
}
