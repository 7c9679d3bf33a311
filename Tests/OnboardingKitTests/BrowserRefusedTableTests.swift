import Foundation
import Testing

@testable import AppDefModel
@testable import FontProcessing
@testable import Generation
@testable import OnboardingKit

/// What HarfBuzz reads, or its subsetter copies unread, and OTS refuses or discards, so that
/// Chromium draws the text in a fallback font (a hostile reading saw it in Chromium 156 for
/// each kind, in fonts of its own making, and kerning dropped for pairs out of order): lint
/// and the build refuse each, naming the table and what OTS said. Before, both passed them.
struct BrowserRefusedTableTests {
    static func u16(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)] }

    /// Liberation Sans, a table `edit`ed (`nil`: removed).
    static func liberation(_ tag: String, _ edit: ((inout [UInt8]) -> Void)?) throws -> [UInt8] {
        let font = try DebianFonts.liberationSans.bytes()
        guard let edit else { return try SFNTFile.rebuilding(font, with: [:], without: [tag]) }
        var table = try SFNTFile.table(tag, of: font)
        edit(&table)
        return try SFNTFile.rebuilding(font, with: [tag: table])
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let font: @Sendable () throws -> [UInt8]
        let said: String
        var testDescription: String { name }
    }

    static let refused = "is refused by the font sanitizer of Chromium and Firefox (OTS): "
    static let discarded = "has a table that the font sanitizer of Chromium and Firefox (OTS) discards: "

    static let cases = [
        // Tables HarfBuzz needs none of, and OTS requires.
        Case(name: "no OS/2", font: { try liberation("OS/2", nil) }, said: refused + "its 'OS/2' table: missing required table"),
        Case(name: "no post", font: { try liberation("post", nil) }, said: refused + "its 'post' table: missing required table"),
        Case(name: "no name", font: { try liberation("name", nil) }, said: refused + "its 'name' table: missing required table"),
        // Header fields HarfBuzz's subsetter copies unread.
        Case(
            name: "hhea metricDataFormat 1", font: { try liberation("hhea") { $0.replaceSubrange(32..<34, with: u16(1)) } },
            said: refused + "its 'hhea' table: Unsupported metricDataFormat: 1"),
        Case(
            name: "head box inside out", font: { try liberation("head") { $0.replaceSubrange(36..<38, with: u16(30000)) } },
            said: refused + "its 'head' table: Bad x dimension in the font bounding box"),
        // A 'kern' the whole font carries as it is (kerned by it alone, GPOS renamed away).
        Case(
            name: "kern entry selector",
            font: {
                var kern = try SFNTFile.table("kern", of: try WholeFontTests.kernedOnly())
                kern.replaceSubrange(14..<16, with: u16(3))
                return try WholeFontTests.kernedOnly(kern: kern)
            }, said: refused + "its 'kern' table: Bad subtable 0 entry selector 3"),
        Case(
            name: "kern pairs out of order",
            font: {
                var kern = try SFNTFile.table("kern", of: try WholeFontTests.kernedOnly())
                let (first, second) = (Array(kern[18..<24]), Array(kern[24..<30]))
                kern.replaceSubrange(18..<30, with: second + first)
                return try WholeFontTests.kernedOnly(kern: kern)
            }, said: discarded + "its 'kern' table: Kerning pairs are not sorted"),
    ]

    @Test(arguments: cases)
    func lintAndTheBuildRefuseWhatOTSRefuses(_ test: Case) throws {
        let font = try test.font()
        let lint = try #require(
            try FontFileCheckProbe.drawingProblem(of: font, texts: WholeFontTests.texts), "lint passes a font Chromium refuses")
        let built = try FontFileCheckProbe.published(font)
        #expect(built.project.fontAssets.isEmpty)
        #expect(built.diagnostics.map(\.ruleID) == ["font-not-a-font"])
        for message in [lint.description, built.diagnostics.first?.message ?? ""] {
            #expect(message.contains(test.said), "\(message)")
        }
    }
}
