import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// A raster image an SVG embeds as a `data:` URI is checked as an image file is (its format
/// from its bytes and matching its declared type, its size, whole, within the pixel limits,
/// every frame), left out with a warning at the SVG's reference when it fails, and made again
/// by the build without its metadata.
@Suite(.timeLimit(.minutes(10)))
struct SVGEmbeddedImageTests {
    static let open = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">"#

    /// An SVG embedding `bytes` declared as `type`.
    static func svg(embedding bytes: [UInt8], as type: String) -> String {
        Self.open + #"<rect width="2" height="2"/>"# + "\n<image width=\"4\" height=\"3\" href=\"data:image/\(type);base64,\(Base64.encode(bytes))\"/></svg>"
    }

    static func sanitized(_ svg: String) throws -> SanitizedSVG {
        guard case .published(let sanitized) = SVGSanitizer.sanitize(Array(svg.utf8), documentName: "logo.svg") else {
            throw SVGTestFailure(description: "refused: \(svg.prefix(200))")
        }
        return sanitized
    }

    /// A PNG of 20000×20000 pixels at 1 bit a pixel: 400 megapixels. Its header is what is
    /// checked; the one row of data after it is never decoded.
    static let hugePNG: [UInt8] = Array(
        Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAATiAAAE4gAQAAAADLC3uUAAAAGUlEQVR4nO3BAQ0AAADCoPdPbQ43oAAAuDMJxQABK3DMjwAAAABJRU5ErkJggg==")!)

    /// A phone's photo: a JPEG with EXIF holding a GPS position and the maker's name.
    static func phonePhoto() throws -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../ImageProcessingTests/Fixtures/gps-rotated.jpg")
        return [UInt8](try Data(contentsOf: url))
    }

    @Test func base64ReadsAndWritesWhatFoundationDoes() throws {
        for length in [0, 1, 2, 3, 4, 5, 100] {
            let bytes = (0..<length).map { UInt8(($0 * 37 + 11) & 0xFF) }
            #expect(Base64.encode(bytes) == Data(bytes).base64EncodedString())
            #expect(Base64.decode(Array(Base64.encode(bytes).utf8)) == bytes)
        }
        for broken in ["A", "AB=C", "A===", "AB!=", "QQ=", "QR=="] {
            #expect(Base64.decode(Array(broken.utf8)) == nil, "\(broken)")
        }
    }

    /// Editors break Base64 into lines, and browsers read it so: white space in it is passed
    /// over, and the image is published.
    @Test(arguments: ["\n", "\r\n", " ", "\t", "&#10;", "&#13;&#10;"])
    func base64BrokenIntoLinesIsReadAsBrowsersReadIt(_ lineBreak: String) throws {
        let png = ExampleProject.bytes(of: .png)
        let digits = Array(Base64.encode(png))
        let lines = stride(from: 0, to: digits.count, by: 16).map { String(digits[$0..<min($0 + 16, digits.count)]) }
        let uri = "data:image/png;base64,\(lineBreak)\(lines.joined(separator: lineBreak))\(lineBreak)"
        let svg = Self.open + "\n<image width=\"4\" height=\"3\" href=\"\(uri)\"/></svg>"
        let result = try Self.sanitized(svg)
        #expect(result.refusedImages.isEmpty, "\(result.refusedImages)")
        #expect(result.embeddedImages.map(\.bytes) == [png])
        // Published without the breaks: the same bytes when published again.
        #expect(String(decoding: result.bytes, as: UTF8.self).contains("data:image/png;base64,\(Base64.encode(png))\""))
        #expect(try Self.sanitized(String(decoding: result.bytes, as: UTF8.self)).bytes == result.bytes)
        #expect(Base64.decode(Array("QUJD\nREVG\r\n R0g=".utf8)) == Array("ABCDEFGH".utf8))
    }

    @Test(arguments: [
        ("png", hugePNG, "claims 20000×20000 pixels, more than a phone can decode (at most 50 megapixels)"),
        ("gif", ImageFrameSizeTests.gif(screen: (64, 64), frames: [(0, 0, 20_000, 20_000)]), "has a frame of 20000×20000 pixels at (0, 0)"),
        ("png", [UInt8](Data(base64Encoded: ExampleProject.tinyJPEG)!), "is declared as PNG but holds a JPEG image"),
        ("webp", Array("not an image at all".utf8), "is no image: its bytes are of no image format known"),
        ("png", Array(ExampleProject.bytes(of: .png).prefix(40)), "is cut short"),
    ])
    func anEmbeddedImageThatFailsAnImageFilesChecksIsLeftOut(type: String, bytes: [UInt8], reason: String) throws {
        let result = try Self.sanitized(Self.svg(embedding: bytes, as: type))
        #expect(result.embeddedImages.isEmpty)
        let refused = try #require(result.refusedImages.first)
        #expect(refused.hasPrefix("the embedded \(ImageFormat(rawValue: type)!.displayName) image at line 2, column 1 "), "\(refused)")
        #expect(refused.contains(reason), "\(refused)")
        let text = String(decoding: result.bytes, as: UTF8.self)
        #expect(!text.contains("base64"), "\(text)")
        #expect(text.contains(#"<rect width="2" height="2"/>"#))
    }

    @Test func aWholeImageOfItsTypeIsKeptForTheBuildToMakeAgain() throws {
        let photo = try Self.phonePhoto()
        let result = try Self.sanitized(Self.svg(embedding: photo, as: "jpeg"))
        #expect(result.refusedImages.isEmpty)
        let image = try #require(result.embeddedImages.first)
        #expect(image.format == .jpeg && image.bytes == photo && (image.line, image.column) == (2, 1))
        #expect(String(decoding: result.bytes[image.range], as: UTF8.self) == "data:image/jpeg;base64," + Base64.encode(photo))
    }

    static func build(_ svg: String, options: [String] = []) throws -> (result: OnboardingBuilder.Result, folder: TemporaryFolder) {
        let folder = TemporaryFolder()
        try folder.write(
            "app.appDef",
            """
            <?xml version="1.0" encoding="utf-8"?>
            <app-definition type="SAB"><translation-mappings default-lang="en"/><onboarding-screens><onboarding-screen>
            <onboarding-screen-image lang="default"><image>logo.svg</image></onboarding-screen-image>
            </onboarding-screen></onboarding-screens></app-definition>
            """)
        try folder.write("images/onboarding/logo.svg", svg)
        let buildOptions = BuildOptions(outputDirectory: folder.path("out"), keepsOriginalImages: options.contains("keep"))
        return (try OnboardingBuilder(options: buildOptions).build(appDefPath: folder.path("app.appDef")), folder)
    }

    /// The published SVG's embedded images, decoded.
    static func embedded(in folder: TemporaryFolder, result: OnboardingBuilder.Result) throws -> [(type: String, bytes: [UInt8])] {
        let path = try #require(result.writtenFiles.first { $0.hasSuffix(".svg") })
        let text = try String(contentsOfFile: folder.path("out/" + path), encoding: .utf8)
        return text.components(separatedBy: "href=\"data:image/").dropFirst().map { part in
            let type = String(part.prefix { $0 != ";" })
            let payload = part.drop { $0 != "," }.dropFirst().prefix { $0 != "\"" }
            return (type, Base64.decode(Array(payload.utf8)) ?? [])
        }
    }

    /// The build makes an embedded photo again: upright, without its EXIF and GPS position.
    @Test(arguments: [false, true])
    func theBuildPublishesAnEmbeddedPhotoWithoutItsMetadata(keepingOriginals: Bool) throws {
        let photo = try Self.phonePhoto()
        #expect(AnimatedImagePublishingTests.contains(photo, "PhoneMaker") && AnimatedImagePublishingTests.contains(photo, "Exif"))
        let (result, folder) = try Self.build(Self.svg(embedding: photo, as: "jpeg"), options: keepingOriginals ? ["keep"] : [])
        #expect(result.succeeded, "\(result.diagnostics)")
        let images = try Self.embedded(in: folder, result: result)
        #expect(images.count == 1)
        let image = try #require(images.first)
        #expect(image.type == "jpeg" && ImageInspector.sniffFormat(image.bytes) == .jpeg)
        // Upright (stored 120×60), and no larger than the 10×10 SVG shows at 3 device pixels a
        // CSS pixel: 30 across, and so 60 down.
        #expect(ImageInspector.size(of: image.bytes, format: .jpeg) == ImageSize(width: 30, height: 60))
        for marker in ["PhoneMaker", "Exif", "GPS"] { #expect(!AnimatedImagePublishingTests.contains(image.bytes, marker), "\(marker)") }
        #expect(ImageStructure.read(image.bytes, format: .jpeg)?.extras == [])
    }

    /// The page shows an SVG at most at its own width, and at most 624 CSS pixels wide, at up to
    /// 3 device pixels each: an embedded image is made no larger than covers that box.
    @Test(arguments: [
        (ImageSize(width: 1200, height: 600), ImageSize(width: 100, height: 50), ImageSize(width: 300, height: 150)),
        (ImageSize(width: 200, height: 100), ImageSize(width: 100, height: 50), ImageSize(width: 200, height: 100)),
        // Narrower than the box: stretched across it, it needs all of its 100 pixels.
        (ImageSize(width: 100, height: 2000), ImageSize(width: 100, height: 50), ImageSize(width: 100, height: 2000)),
        (ImageSize(width: 2400, height: 1200), ImageSize(width: 1000, height: 500), ImageSize(width: 1872, height: 936)),
        (ImageSize(width: 4000, height: 4000), ImageSize(width: 2000, height: 2000), ImageSize(width: 1872, height: 1872)),
        (ImageSize(width: 60, height: 120), ImageSize(width: 10, height: 10), ImageSize(width: 30, height: 60)),
    ])
    func anEmbeddedImageIsMadeNoLargerThanTheSVGShowsIt(upright: ImageSize, svg: ImageSize, box: ImageSize) {
        #expect(ImagePublisher.embeddedBox(upright: upright, inSVGOf: svg) == box)
    }

    /// A build publishes an SVG's embedded images as large as it shows them, no larger.
    @Test func theBuildPublishesEmbeddedImagesAtTheSizeTheSVGShows() throws {
        let large = AnimatedGIF.make(width: 1200, height: 600, frames: [1])
        let small = AnimatedGIF.make(width: 200, height: 100, frames: [2])
        let svg =
            #"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50">"#
            + "\n<image width=\"100\" height=\"50\" href=\"data:image/gif;base64,\(Base64.encode(large))\"/>"
            + "\n<image width=\"20\" height=\"10\" href=\"data:image/gif;base64,\(Base64.encode(small))\"/></svg>"
        let (result, folder) = try Self.build(svg)
        #expect(result.succeeded, "\(result.diagnostics)")
        let sizes = try Self.embedded(in: folder, result: result).map { ImageInspector.size(of: $0.bytes, format: .gif) }
        #expect(sizes == [ImageSize(width: 300, height: 150), ImageSize(width: 200, height: 100)])
    }

    /// An animated GIF embedded stays animated, without its comment.
    @Test func anEmbeddedAnimationKeepsItsFrames() throws {
        let gif = AnimatedGIF.make(width: 40, height: 30, frames: [0, 1, 2], extensions: [AnimatedGIF.commentExtension])
        let (result, folder) = try Self.build(Self.svg(embedding: gif, as: "gif"))
        #expect(result.succeeded, "\(result.diagnostics)")
        let image = try #require(try Self.embedded(in: folder, result: result).first)
        let structure = try #require(ImageStructure.read(image.bytes, format: .gif))
        #expect(structure.frameCount == 3 && structure.extras.isEmpty && structure.end == image.bytes.count)
    }

    /// An embedded animated WebP with an EXIF orientation is made again as stored, as the same
    /// file in the images folder is, and as browsers draw it.
    @Test func anEmbeddedAnimatedWebPWithAnOrientationIsMadeAgainAsStored() throws {
        let svg = Self.svg(embedding: AnimatedImagePublishingTests.rotatedAnimation, as: "webp")
        let (result, folder) = try Self.build(svg)
        #expect(result.succeeded, "\(result.diagnostics.map(\.message))")
        let lint = Linter().lint(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("app.appDef")))), path: folder.path("app.appDef"))
        #expect(!lint.contains { $0.ruleID == "image-not-decodable" }, "\(lint.map(\.message))")
    }

    /// The tiny PNG with its header claiming `width`×`height`: its structure is whole, and
    /// nothing here decodes its pixels.
    static func png(claiming width: Int, _ height: Int) -> [UInt8] {
        var bytes = [UInt8](Data(base64Encoded: ExampleProject.tinyPNG)!)
        for (offset, value) in [(16, width), (20, height)] {
            bytes.replaceSubrange(offset..<offset + 4, with: (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) })
        }
        return bytes
    }

    /// An SVG embedding each of `images`, one `<image>` a line from line 2.
    static func svg(embeddingAll images: [[UInt8]]) -> String {
        Self.open + images.map { "\n<image width=\"4\" height=\"3\" href=\"data:image/png;base64,\(Base64.encode($0))\"/>" }.joined() + "</svg>"
    }

    /// Each image within an image file's limits, all of them together are not: 40 embedded
    /// photos of 7000×7000 took a build 102 s.
    @Test(
        arguments: [
            (
                [png(claiming: 5000, 5000), png(claiming: 5000, 5000)], nil as Int?,
                ""
            ),
            (
                [png(claiming: 5000, 5000), png(claiming: 5000, 5000), png(claiming: 1, 1)], 4,
                "its embedded raster images hold more than 50 megapixels in all with this one, every frame counted, the most one SVG may (as one image file); embed them smaller"
            ),
            (
                [png(claiming: 7000, 7000), png(claiming: 7000, 7000)], 3,
                "its embedded raster images hold more than 50 megapixels in all with this one, every frame counted, the most one SVG may (as one image file); embed them smaller"
            ),
            (
                Array(repeating: png(claiming: 4, 3), count: 100), nil,
                ""
            ),
            (
                Array(repeating: png(claiming: 4, 3), count: 101), 102,
                "it embeds more than 100 raster images, the most one SVG may; export the drawing as one PNG or JPEG"
            ),
        ] as [([[UInt8]], Int?, String)])
    func theEmbeddedImagesOfAnSVGAreLimitedInAll(images: [[UInt8]], refusedAtLine: Int?, reason: String) throws {
        let result = SVGSanitizer.sanitize(Array(Self.svg(embeddingAll: images).utf8), documentName: "logo.svg")
        switch (result, refusedAtLine) {
        case (.published(let svg), nil):
            #expect(svg.embeddedImages.count == images.count && svg.refusedImages.isEmpty)
        case (.refused(let refusal), let line?):
            #expect(refusal == SVGRefusal(reason: reason, line: line, column: 1))
        default:
            Issue.record(Comment(rawValue: String("\(result)".prefix(300))))
        }
    }

    /// An animation's frames count, each of them: 30 megapixels and 6 frames of 4 are 54.
    @Test func anEmbeddedAnimationCountsEveryFrame() throws {
        let gif = ImageFrameSizeTests.gif(screen: (2000, 2000), frames: Array(repeating: (0, 0, 2000, 2000), count: 6))
        let svg =
            Self.svg(embeddingAll: [Self.png(claiming: 6000, 5000)]).dropLast("</svg>".count)
            + "\n<image width=\"4\" height=\"3\" href=\"data:image/gif;base64,\(Base64.encode(gif))\"/></svg>"
        guard case .refused(let refusal) = SVGSanitizer.sanitize(Array(svg.utf8), documentName: "logo.svg") else {
            throw SVGTestFailure(description: "published 30 megapixels and 6 frames of 4")
        }
        #expect(refusal.reason.contains("more than 50 megapixels in all") && refusal.line == 3, "\(refusal)")
    }

    /// Lint warns at the appDef's reference to the SVG; the build publishes the SVG without the image.
    @Test func theWarningPointsAtTheReferenceToTheSVG() throws {
        let (result, folder) = try Self.build(Self.svg(embedding: Self.hugePNG, as: "png"))
        #expect(result.succeeded)
        let warning = try #require(result.diagnostics.first { $0.ruleID == "unsafe-svg-content" })
        #expect(warning.severity == .warning)
        #expect((warning.location.line, warning.location.column) == (3, 41), "\(warning.location)")
        #expect(
            warning.message
                == "'logo.svg' is published without the embedded PNG image at line 2, column 1 claims 20000×20000 pixels, more than a phone can decode (at most 50 megapixels)"
        )
        #expect(try Self.embedded(in: folder, result: result).isEmpty)
    }
}
