import Foundation
import Testing

@testable import FontProcessing

/// Chromium and Firefox load a web font only through OTS, the OpenType Sanitizer: a font it
/// refuses is not drawn at all, and a table it drops is not drawn with. Every font the build
/// publishes from real fonts (each script's SIL font, a CFF font, a variable font) passes it
/// whole, without a word: what the checks drew is what a browser gets. The sanitizer is
/// Debian's `ots-sanitize` (opentype-sanitizer, which `make test` installs).
struct BrowserSanitizerTests {
    static let sanitizer = "/usr/bin/ots-sanitize"

    /// The variable font with an 'opsz' axis the browser suite draws (``Tests/Browser/fonts``).
    static let opticalSizeBox = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Browser/fonts/OpticalSizeBox.ttf").standardizedFileURL.path

    struct Published: Sendable, CustomTestStringConvertible {
        let name: String
        let source: @Sendable () throws -> [UInt8]
        let language: String
        let texts: [String]

        var testDescription: String { name }
    }

    static let fonts: [Published] =
        ScriptSample.all.map { sample in
            Published(name: sample.testDescription, source: { try sample.font.bytes() }, language: sample.language, texts: sample.texts)
        } + [
            Published(name: "C059 (CFF)", source: { try DebianFonts.c059.bytes() }, language: "en", texts: ["Welcome home", "Skip", "Next"]),
            Published(
                name: "OpticalSizeBox (variable)", source: { [UInt8](try Data(contentsOf: URL(fileURLWithPath: opticalSizeBox))) },
                language: "en", texts: ["Welcome", "Skip", "Next"]),
        ]

    @Test(arguments: fonts)
    func everyPublishedFontPassesTheBrowsersSanitizerWithoutAWord(_ font: Published) throws {
        let texts = font.texts.map { ShapingText(language: font.language, text: $0) }
        let characters = Array(Set(font.texts.joined().unicodeScalars)).sorted { $0.value < $1.value }
        let made = try WebFontMaker.make(from: try font.source(), characters: characters, texts: texts)
        let outcome = try Self.sanitize(made.woff2)
        #expect(outcome.status == 0, "OTS refuses it: \(outcome.messages)")
        #expect(outcome.messages.isEmpty, "OTS drops or mends part of it: \(outcome.messages)")
    }

    /// The sanitizer can fail: a font whose 'GDEF' points past its end is refused, with why.
    @Test func theSanitizerRefusesADamagedFont() throws {
        var font = try DebianFonts.charis.bytes()
        let count = Int(font[4]) << 8 | Int(font[5])
        let record = try #require((0..<count).map { 12 + 16 * $0 }.first { Array(font[$0..<$0 + 4]) == Array("GDEF".utf8) })
        let offset = Int(font[record + 8]) << 24 | Int(font[record + 9]) << 16 | Int(font[record + 10]) << 8 | Int(font[record + 11])
        // The offset to its glyph class definitions, past the table's end.
        font.replaceSubrange(offset + 4..<offset + 6, with: [0xFF, 0xFF])
        let outcome = try Self.sanitize(font)
        #expect(outcome.status != 0)
        #expect(outcome.messages.contains("GDEF"), "\(outcome.messages)")
    }

    /// `ots-sanitize`'s exit status and what it wrote to standard error.
    static func sanitize(_ font: [UInt8]) throws -> (status: Int32, messages: String) {
        try #require(
            FileManager.default.isExecutableFile(atPath: sanitizer), "\(sanitizer) is missing: install Debian's opentype-sanitizer (make test-deps)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ots-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("font")
        try Data(font).write(to: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: sanitizer)
        process.arguments = [input.path, folder.appendingPathComponent("sanitized.ttf").path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let messages = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, messages.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

/// Fonts HarfBuzz reads and shapes, and OTS refuses or cuts: neither lint nor the build
/// publishes them, and both say what OTS said. Before, both passed them, and Chromium drew
/// every text of the language in a fallback font. But not for the layout tables browsers pass
/// through to HarfBuzz.
struct BrowserRefusedFontTests {
    /// Charis SIL with `edit` made to its table `tag` (at the offset from the table's start).
    static func charis(_ tag: String, edit: (inout [UInt8], Int) -> Void) throws -> [UInt8] {
        var font = try DebianFonts.charis.bytes()
        let count = Int(font[4]) << 8 | Int(font[5])
        let record = try #require((0..<count).map { 12 + 16 * $0 }.first { Array(font[$0..<$0 + 4]) == Array(tag.utf8) })
        let offset = Int(font[record + 8]) << 24 | Int(font[record + 9]) << 16 | Int(font[record + 10]) << 8 | Int(font[record + 11])
        edit(&font, offset)
        return font
    }

    static let texts = [ShapingText(language: "en", text: "Welcome home"), ShapingText(language: "en", text: "Next")]

    /// Lint's and the build's failures for `font`.
    static func failures(of font: [UInt8]) -> (lint: String?, build: String?) {
        let characters = Array(Set(texts.flatMap(\.text.unicodeScalars))).sorted { $0.value < $1.value }
        var lint: String?
        var build: String?
        do { try WebFontMaker.checkPublishable(font, texts: texts) } catch { lint = error.description }
        do { _ = try WebFontMaker.make(from: font, characters: characters, texts: texts) } catch { build = error.description }
        return (lint, build)
    }

    /// A font box inside out in 'head' (xMin past xMax), which HarfBuzz's subsetter copies.
    @Test func aFontWhoseHeadOTSRefusesIsNotPublished() throws {
        let font = try Self.charis("head") { font, table in font.replaceSubrange(table + 36..<table + 38, with: [0x75, 0x30]) }
        #expect(try !HarfBuzzFont(sfnt: font).shape("Welcome home", language: "en").isEmpty, "HarfBuzz shapes it")
        let (lint, build) = Self.failures(of: font)
        for message in [lint, build] {
            #expect(
                message?.contains("is refused by the font sanitizer of Chromium and Firefox (OTS): its 'head' table: Bad x dimension") == true,
                "\(message ?? "published")")
        }
    }

    /// A glyph class past the class count in 'GDEF' (257 where there are 4): the OTS program
    /// refuses the font, but Chromium and Firefox pass their layout tables through to HarfBuzz,
    /// which reads it as the checks do (Chromium 156 draws it), so it is published.
    @Test func aDamagedLayoutTableBrowsersPassThroughIsPublished() throws {
        let font = try Self.charis("GDEF") { font, table in
            let classes = table + (Int(font[table + 4]) << 8 | Int(font[table + 5]))
            // Its class definition's first range record: start, end, class.
            font.replaceSubrange(classes + 8..<classes + 10, with: [0x01, 0x01])
        }
        #expect(try BrowserSanitizerTests.sanitize(font).status != 0, "the OTS program refuses it")
        let (lint, build) = Self.failures(of: font)
        #expect(lint == nil && build == nil, "\(lint ?? "") \(build ?? "")")
    }

    /// A 'gasp' of a version OTS does not know, which it discards.
    @Test func aFontWithATableOTSDiscardsIsNotPublished() throws {
        let font = try Self.charis("gasp") { font, table in font[table + 1] = 82 }
        let (lint, build) = Self.failures(of: font)
        for message in [lint, build] {
            #expect(
                message?.contains("has a table that the font sanitizer of Chromium and Firefox (OTS) discards: its 'gasp' table: Unsupported version: 82")
                    == true, "\(message ?? "published")")
        }
    }

    /// A table OTS leaves out of what it writes without a word (one it does not know, as a
    /// font tool's private 'zzzz', or SIL's 'Silt') is found by reading what it wrote, but is
    /// no reason to refuse a source font; the tables browsers pass through (a 'GDEF' of junk)
    /// are not given to it.
    @Test func aTableOTSLeavesOutSilentlyIsFoundAndPassedThroughOnesAreNotGiven() throws {
        let source = try DebianFonts.charis.bytes()
        #expect(BrowserSanitizer.refusal(of: source)?.hasSuffix("discards: its 'Silt' table") == true)
        #expect(BrowserSanitizer.refusal(of: source, wholeOnly: true) == nil)
        let charis = try HarfBuzzFont(sfnt: try HarfBuzzFont(sfnt: source).sfnt(without: ["Silt"]))
        #expect(BrowserSanitizer.refusal(of: try charis.sfnt(without: [])) == nil)
        let privateTable = try charis.sfnt(replacing: "zzzz", with: Array("a font tool's notes".utf8))
        #expect(try BrowserSanitizerTests.sanitize(privateTable).messages.isEmpty, "OTS says nothing of it")
        #expect(BrowserSanitizer.refusal(of: privateTable) == "has a table that the font sanitizer of Chromium and Firefox (OTS) discards: its 'zzzz' table")
        let junkLayout = try charis.sfnt(replacing: "GDEF", with: [0, 1, 0, 0, 0xFF, 0xFF, 0, 0, 0, 0, 0, 0])
        #expect(try BrowserSanitizerTests.sanitize(junkLayout).status != 0, "the OTS program refuses it whole")
        #expect(BrowserSanitizer.refusal(of: junkLayout) == nil)
    }

    /// What OTS says is read as it says it: the table and why, not what followed from it.
    @Test func otsMessagesNameTheTableAndWhy() {
        let gdef = ["Layout: ClassRangeRecord 0 class > number of classes: 257 > 4", "GDEF: Invalid glyph classes", "GDEF: Failed to parse table"]
        #expect(BrowserSanitizer.reason(in: gdef, before: gdef.count) == "its 'GDEF' table: Invalid glyph classes")
        let cff = ["CFF : Failed to parse Name INDEX data", "CFF : Failed to parse table", "no supported glyph data table(s) present"]
        #expect(BrowserSanitizer.reason(in: cff, before: cff.count) == "its 'CFF' table: Failed to parse Name INDEX data")
        let discarded = ["gasp: Unsupported version: 82", "Table discarded"]
        #expect(BrowserSanitizer.reason(in: discarded, before: 1) == "its 'gasp' table: Unsupported version: 82")
        #expect(BrowserSanitizer.reason(in: ["no supported glyph data table(s) present"], before: 1) == "no supported glyph data table(s) present")
        #expect(BrowserSanitizer.reason(in: [], before: 0) == nil)
    }
}

/// The program runner OTS is run with.
struct ProgramRunTests {
    @Test func itKeepsWhatTheProgramWritesAndItsExitStatus() throws {
        let run = try #require(ProgramRun.run("/bin/sh", arguments: ["-c", "echo out; echo err >&2; exit 3"], seconds: 10))
        #expect(run.status == 3)
        #expect(run.lines == ["out", "err"])
        #expect(!run.timedOut && !run.linesDropped)
    }

    /// The lines asked for are kept however much else the program prints before them: a font
    /// made OTS print 73 KB of warnings before the error that mattered, and the first 64 KB
    /// of its output were all that was read.
    @Test func theLinesAskedForAreKeptAfterAFloodOfOthers() throws {
        let script = "i=0; while [ $i -lt 40000 ]; do echo 'WARNING: a line of no interest'; i=$((i+1)); done; echo 'ERROR: the one'"
        let run = try #require(ProgramRun.run("/bin/sh", arguments: ["-c", script], seconds: 30) { $0.hasPrefix("ERROR: ") })
        #expect(run.lines == ["ERROR: the one"])
        #expect(!run.linesDropped)
    }

    /// Past ``ProgramRun/keptLimit`` the lines are dropped, and that is said.
    @Test func linesPastTheLimitAreDroppedAndThatIsSaid() throws {
        let script = "i=0; while [ $i -lt 40000 ]; do echo 'ERROR: a line of forty bytes, and some more'; i=$((i+1)); done"
        let run = try #require(ProgramRun.run("/bin/sh", arguments: ["-c", script], seconds: 30) { $0.hasPrefix("ERROR: ") })
        #expect(run.linesDropped)
        #expect(run.lines.reduce(0) { $0 + $1.utf8.count } <= ProgramRun.keptLimit)
    }

    @Test func aProgramRunningTooLongIsKilled() throws {
        let started = ContinuousClock.now
        let run = try #require(ProgramRun.run("/bin/sleep", arguments: ["30"], seconds: 1))
        #expect(run.timedOut)
        #expect(run.status == nil)
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    @Test func aProgramThatIsNotThereIsNotRun() {
        #expect(ProgramRun.run("/nonexistent/program", arguments: [], seconds: 1) == nil)
        #expect(ProgramRun.find("sh") != nil)
        #expect(ProgramRun.find("no-such-program-anywhere") == nil)
    }
}
