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
