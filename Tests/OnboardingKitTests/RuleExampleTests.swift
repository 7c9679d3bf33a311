import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// Each rule's documented examples, run as tests in both forms of an appDef (the project
/// file's long tags and the PWA export's one-line short ones): a triggering example must give
/// that rule's diagnostics at exactly its `↓` marks, a non-triggering one no diagnostic at all
/// (so that a malformed example cannot pass for a clean one). Failures point at the example.
struct RuleExampleTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let ruleID: String
        let index: Int
        let example: RuleExample
        var testDescription: String { "\(ruleID) #\(index + 1)" }
    }

    static let triggering = RuleRegistry.descriptions.flatMap { description in
        description.triggeringExamples.enumerated().map { Case(ruleID: description.id, index: $0.offset, example: $0.element) }
    }
    static let nonTriggering = RuleRegistry.descriptions.flatMap { description in
        description.nonTriggeringExamples.enumerated().map { Case(ruleID: description.id, index: $0.offset, example: $0.element) }
    }

    @Test(arguments: triggering)
    func triggeringExampleIsReportedAtItsMarks(_ testCase: Case) throws {
        for (form, example) in testCase.example.forms {
            let diagnostics = try ExampleProject(example).lint(enabling: testCase.ruleID).filter { $0.ruleID == testCase.ruleID }
            let reported = diagnostics.map { "\($0.location.line):\($0.location.column)" }
            let marked = example.markedPositions.map { "\($0.line):\($0.column)" }
            #expect(!marked.isEmpty, "a triggering example must mark where it triggers with ↓", sourceLocation: example.sourceLocation)
            #expect(reported == marked, "\(form): \(diagnostics.map(\.message))", sourceLocation: example.sourceLocation)
        }
    }

    @Test(arguments: nonTriggering)
    func nonTriggeringExampleGivesNoDiagnosticAtAll(_ testCase: Case) throws {
        for (form, example) in testCase.example.forms {
            let diagnostics = try ExampleProject(example).lint(enabling: testCase.ruleID)
            #expect(diagnostics.isEmpty, "\(form): \(diagnostics.map { "\($0.ruleID): \($0.message)" })", sourceLocation: example.sourceLocation)
        }
    }

    /// The conversion the tests rely on: tags renamed, markers kept, the short form on one line.
    @Test func anExampleReadsTheSameInTheOtherForm() {
        let long = RuleExample(
            """
            <onboarding-screen>
              <title type="top-title"><translation>Hi</translation><translation ↓lang="Kir">Yo</translation></title>
              <features type="onboarding-screen"><feature name="background" value="default"/></features>
            </onboarding-screen>
            """)
        let short = long.inOtherForm()
        #expect(!long.isShortForm && short.isShortForm)
        #expect(
            short.markedDocument.contains(
                #"<onboarding-screen><title type="top-title"><t>Hi</t><t ↓lang="Kir">Yo</t></title><features type="onboarding-screen"><e name="background" value="default"/></features></onboarding-screen>"#
            ))
        #expect(short.inOtherForm().document.contains(#"<translation>Hi</translation><translation lang="Kir">Yo</translation>"#))
        #expect(short.line == long.line)
    }
}

/// An example written out as a project: the appDef, its images folder and its fonts folder, in a
/// temporary folder.
struct ExampleProject {
    let folder: URL
    let appDef: URL

    init(_ example: RuleExample) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sab-example-\(UUID().uuidString)")
        let images = folder.appendingPathComponent("images/onboarding")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        appDef = folder.appendingPathComponent("example.appDef")
        try Data(example.document.utf8).write(to: appDef)
        for (name, kind) in example.images {
            try Data(Self.bytes(of: kind)).write(to: images.appendingPathComponent(name))
        }
        let fonts = folder.appendingPathComponent("fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        for (name, kind) in example.fonts {
            let bytes: [UInt8] =
                switch kind {
                case .trueType: TinyFont.trueType
                case .trueTypeDrawingASCII: TinyFont.drawingASCII
                case .trueTypeDrawingNothing: TinyFont.drawingNothing
                case .text(let text): Array(text.utf8)
                }
            try Data(bytes).write(to: fonts.appendingPathComponent(name))
        }
    }

    /// Lints with the rule under test on, opt-in or not.
    func lint(enabling ruleID: String) throws -> [Diagnostic] {
        defer { try? FileManager.default.removeItem(at: folder) }
        let rules = try RuleSelection(disable: [], enable: [ruleID])
        return Linter(options: LintOptions(rules: rules)).lint(path: appDef.path)
    }

    /// Real 4x3 images, made once with an image library.
    static func bytes(of kind: RuleExample.ImageFile) -> [UInt8] {
        switch kind {
        case .png: [UInt8](Data(base64Encoded: tinyPNG)!)
        case .jpeg: [UInt8](Data(base64Encoded: tinyJPEG)!)
        case .text: Array("This is not an image.\n".utf8)
        case .pngWithInvalidHeader: [UInt8](Data(base64Encoded: invalidHeaderPNG)!)
        case .jpegOverOneMegabyte:
            // After SOI: 17 comment segments of 65,533 bytes each, then the rest of the image.
            Array(bytes(of: .jpeg)[0..<2]) + Array(repeating: [0xFF, 0xFE, 0xFF, 0xFF] + Array(repeating: 0x20, count: 65_533), count: 17).flatMap { $0 }
                + Array(bytes(of: .jpeg)[2...])
        case .animatedPNG: [UInt8](Data(base64Encoded: animatedPNG)!)
        case .cmykJPEGWithProfile:
            // An APP2 segment after SOI: "ICC_PROFILE", chunk 1 of 1, then a profile header
            // (128 bytes, colour space CMYK at byte 16) with no tags.
            Array(cmykJPEG[0..<2]) + [0xFF, 0xE2, 0, 2 + 14 + 132] + Array("ICC_PROFILE".utf8) + [0, 1, 1]
                + [0, 0, 0, 132] + Array(repeating: 0, count: 4) + [2, 0x10, 0, 0] + Array("prtrCMYKLab ".utf8) + Array(repeating: 0, count: 12)
                + Array("acsp".utf8) + Array(repeating: 0, count: 132 - 40) + Array(cmykJPEG[2...])
        case .svg(let text): Array(text.utf8)
        }
    }

    /// Made with Python's zlib: tinyPNG with an acTL chunk of two frames, an fcTL before its
    /// IDAT (the default image is the first frame) and a second frame (fcTL, fdAT) of blue.
    static let animatedPNG =
        "iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAACGFjVEwAAAACAAAAAPONk3AAAAAaZmNUTAAAAAAAAAAEAAAAAwAAAAAAAAAAAAEAAgAAwmBdQwAAABRJREFUeJxjPFGhwQADTAxIAIUDADVEAW70Jy8jAAAAGmZjVEwAAAABAAAABAAAAAMAAAAAAAAAAAABAAIAAFkTt5cAAAATZmRBVAAAAAJ42mNgYPiPhHBxAN1JC/VBHkBUAAAAAElFTkSuQmCC"

    /// Made with Pillow: a 4x3 CMYK JPEG of cyan ink, untagged, as Photoshop writes them
    /// (an Adobe segment, inverted values).
    static let cmykJPEG = [UInt8](
        Data(
            base64Encoded:
                "/9j/7gAOQWRvYmUAZAAAAAAA/9sAQwADAgIDAgIDAwMDBAMDBAUIBQUEBAUKBwcGCAwKDAwLCgsLDQ4SEA0OEQ4LCxAWEBETFBUVFQwPFxgWFBgSFBUU/8AAFAgAAwAEBEMRAE0RAFkRAEsRAP/EAB8AAAEFAQEBAQEBAAAAAAAAAAABAgMEBQYHCAkKC//EALUQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+v/aAA4EQwBNAFkASwAAPwD8qq/VOv1Tr9U6/9k="
        )!)

    /// Made with Python's zlib: IHDR says bit depth 3, which PNG does not have; the CRCs are right.
    static let invalidHeaderPNG = "iVBORw0KGgoAAAANSUhEUgAAAAQAAAADAwIAAABMRgiAAAAADElEQVR4nGNgIAoAAAAnAAHKRxGqAAAAAElFTkSuQmCC"
    static let tinyPNG = "iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAAFElEQVR4nGM8UaHBAANMDEgAhQMANUQBbvQnLyMAAAAASUVORK5CYII="
    static let tinyJPEG = """
        /9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/2wBDAQkJCQwLDBgNDRgyIRwhMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjL/wAARCAADAAQDASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwCeiiivkD6o/9k=
        """
}
