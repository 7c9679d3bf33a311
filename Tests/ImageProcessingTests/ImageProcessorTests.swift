import Foundation
import ImageProcessing
import Testing

/// What libvips makes of an author's photo: smaller, upright, and without what the phone wrote
/// into it (EXIF, the GPS position, the maker's name).
struct ImageProcessorTests {
    static func fixture(_ name: String) throws -> [UInt8] {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil))
        return [UInt8](try Data(contentsOf: url))
    }

    /// Whether `needle` occurs anywhere in `bytes`.
    static func contains(_ bytes: [UInt8], _ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        return bytes.indices.dropLast(pattern.count - 1).contains { bytes[$0..<$0 + pattern.count].elementsEqual(pattern) }
    }

    @Test(arguments: [ImageProcessor.Format.webp, .jpeg, .png])
    func noMetadataIsPublished(_ format: ImageProcessor.Format) throws {
        let source = try Self.fixture("gps-rotated.jpg")
        #expect(Self.contains(source, "Exif") && Self.contains(source, "PhoneMaker"), "the fixture carries EXIF and GPS")
        let encoded = try ImageProcessor.resize(source, toWidth: 1000, as: format, quality: 80)
        for written in ["Exif", "EXIF", "PhoneMaker", "ICCP", "XMP"] {
            #expect(!Self.contains(encoded.bytes, written), "\(written) in the \(format) written")
        }
        // And it is still an image: it decodes, upright.
        let decoded = try ImageProcessor.resize(encoded.bytes, toWidth: 1000, as: .png, quality: 80)
        #expect((decoded.width, decoded.height) == (60, 120))
    }

    /// The fixture is 120×60 with EXIF orientation 6: upright it is 60×120.
    @Test func theImageIsTurnedUprightAndNeverEnlarged() throws {
        let encoded = try ImageProcessor.resize(try Self.fixture("gps-rotated.jpg"), toWidth: 1000, as: .webp, quality: 80)
        #expect((encoded.width, encoded.height) == (60, 120))
        let smaller = try ImageProcessor.resize(try Self.fixture("gps-rotated.jpg"), toWidth: 30, as: .jpeg, quality: 80)
        #expect((smaller.width, smaller.height) == (30, 60))
    }

    @Test func theSameInputGivesTheSameBytes() throws {
        let source = try Self.fixture("gps-rotated.jpg")
        for format in [ImageProcessor.Format.webp, .jpeg, .png] {
            let first = try ImageProcessor.resize(source, toWidth: 40, as: format, quality: 75)
            let second = try ImageProcessor.resize(source, toWidth: 40, as: format, quality: 75)
            #expect(first.bytes == second.bytes)
        }
    }

    @Test func alphaIsSeen() throws {
        #expect(try ImageProcessor.hasAlpha(try Self.fixture("translucent.png")))
        #expect(try !ImageProcessor.hasAlpha(try Self.fixture("gps-rotated.jpg")))
    }

    @Test func whatCannotBeDecodedIsAFailureWithLibvipsMessage() {
        #expect(throws: ImageProcessor.Failure.self) {
            try ImageProcessor.resize(Array("not an image".utf8), toWidth: 10, as: .webp, quality: 80)
        }
        do {
            _ = try ImageProcessor.resize([0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array(repeating: 0, count: 30), toWidth: 10, as: .webp, quality: 80)
            Issue.record("a JPEG header alone decoded")
        } catch {
            #expect(!error.description.isEmpty)
        }
    }
}
