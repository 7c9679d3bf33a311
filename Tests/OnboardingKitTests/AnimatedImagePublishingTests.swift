import Foundation
import ImageProcessing
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// Animated GIFs and WebPs are published as animated WebP variants at the widths stills get up
/// to a phone's 2x (768), with an animated GIF for browsers without WebP, every frame, delay
/// and the loop kept and no metadata; one frame of any of them is a still, and an animated PNG
/// is published as its default image.
@Suite(.timeLimit(.minutes(10)))
struct AnimatedImagePublishingTests {
    /// Three frames (red, blue, green) of 700×100, a tenth of a second each, with a comment and
    /// XMP (both holding a GPS position) before them.
    static let gif = AnimatedGIF.make(
        width: 700, height: 100, frames: [0, 1, 2], extensions: [AnimatedGIF.commentExtension, AnimatedGIF.xmpExtension])

    /// What the author's file carries that must not be published.
    static let privateMarkers = ["GPS", "PhoneMaker", "xmpmeta"]

    static func contains(_ bytes: some Collection<UInt8>, _ text: String) -> Bool {
        let pattern = Array(text.utf8)
        let bytes = Array(bytes)
        guard bytes.count >= pattern.count else { return false }
        return (0...(bytes.count - pattern.count)).contains { bytes[$0..<$0 + pattern.count].elementsEqual(pattern) }
    }

    /// A project of one screen whose image is `name` holding `bytes`.
    static func project(_ name: String, _ bytes: [UInt8]) throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        try folder.write(
            "app.appDef",
            """
            <?xml version="1.0" encoding="utf-8"?>
            <app-definition type="SAB"><translation-mappings default-lang="en"/><onboarding-screens><onboarding-screen>
            <onboarding-screen-image lang="default"><image>\(name)</image></onboarding-screen-image>
            </onboarding-screen></onboarding-screens></app-definition>
            """)
        try folder.write("images/onboarding/" + name, Data(bytes))
        return folder
    }

    /// The variants the build makes of `bytes`, as the images folder finds them.
    static func variants(of name: String, _ bytes: [UInt8]) throws -> (file: ImageFolder.ImageFile, variants: [ImageVariant]) {
        let folder = try project(name, bytes)
        let lookup = ImageFolder(appDefPath: folder.path("app.appDef"), override: nil).lookUp(name)
        guard case .found(let file) = lookup else { throw LookupFailure(lookup: "\(lookup)") }
        let asset = ImageAsset(
            sourceFileName: name, bytes: bytes, size: try #require(file.size), isResizable: file.isResized, isAnimated: file.isAnimated)
        return (file, try ImagePublisher.variants(of: asset, quality: 75, cacheFolder: nil).variants)
    }

    struct LookupFailure: Error { var lookup: String }

    /// The duration of each frame (ms) and the loop count of an animated WebP: ANMF chunks, ANIM.
    static func webPTiming(_ webp: [UInt8]) -> (durations: [Int], loops: Int?) {
        var durations: [Int] = []
        var loops: Int?
        var offset = 12
        while offset + 8 <= webp.count {
            let type = String(decoding: webp[offset..<offset + 4], as: UTF8.self)
            let length = webp[offset + 4..<offset + 8].reversed().reduce(0) { $0 << 8 | Int($1) }
            if type == "ANMF" { durations.append(webp[offset + 20..<offset + 23].reversed().reduce(0) { $0 << 8 | Int($1) }) }
            if type == "ANIM" { loops = Int(webp[offset + 12]) | Int(webp[offset + 13]) << 8 }
            offset += 8 + length + (length & 1)
        }
        return (durations, loops)
    }

    @Test func anAnimatedGIFBecomesAnimatedWebPAndAnAnimatedGIFWithoutItsMetadata() throws {
        for marker in Self.privateMarkers { #expect(Self.contains(Self.gif, marker), "the source carries \(marker)") }
        let (file, variants) = try Self.variants(of: "moving.gif", Self.gif)
        #expect(file.isResized && file.isAnimated)
        #expect(variants.map(\.mediaType) == ["image/webp", "image/webp", "image/webp", "image/gif"])
        #expect(variants.map(\.width) == [384, 624, 700, 700])
        for variant in variants {
            let format: ImageFormat = variant.mediaType == "image/gif" ? .gif : .webp
            let structure = try #require(ImageStructure.read(variant.bytes, format: format))
            #expect(structure.frameCount == 3, "\(variant.path)")
            #expect(structure.extras.isEmpty, "\(variant.path): \(structure.extras)")
            #expect(structure.end == variant.bytes.count, "\(variant.path)")
            #expect(ImageInspector.size(of: variant.bytes, format: format) == ImageSize(width: variant.width, height: variant.height))
            for marker in Self.privateMarkers { #expect(!Self.contains(variant.bytes, marker), "\(variant.path) holds \(marker)") }
            // The height of one frame, in proportion: 700×100 at 384 is 384×55.
            #expect(abs(variant.height * 7 - variant.width) <= 7, "\(variant.width)×\(variant.height)")
        }
        // Every frame's delay and the endless loop are kept.
        let timing = Self.webPTiming(variants[0].bytes)
        #expect(timing.durations == [100, 100, 100])
        #expect(timing.loops == 0)
    }

    @Test func anAnimatedWebPIsPublishedAnimatedWithoutItsMetadata() throws {
        let made = try ImageProcessor.resize(Self.gif, toWidth: 700, allFrames: true, as: [.webp], quality: 90)[0]
        #expect(made.frames == 3)
        // An EXIF chunk with a GPS position, announced in the header, as a phone's editor writes.
        var body = Array(made.bytes[12...])
        body[8] |= 0x08
        let exif = Array("GPS 51.5N PhoneMaker xmpmeta".utf8)
        body += Array("EXIF".utf8) + [UInt8(exif.count), 0, 0, 0] + exif
        let webp =
            Array("RIFF".utf8) + [UInt8((body.count + 4) & 0xFF), UInt8((body.count + 4) >> 8 & 0xFF), UInt8((body.count + 4) >> 16), 0]
            + Array("WEBP".utf8) + body
        #expect(ImageStructure.read(webp, format: .webp)?.extras == ["a header that announces metadata", "a 'EXIF' chunk"])
        let (file, variants) = try Self.variants(of: "moving.webp", webp)
        #expect(file.isAnimated)
        #expect(variants.map(\.mediaType) == ["image/webp", "image/webp", "image/webp", "image/gif"])
        for variant in variants {
            let structure = try #require(ImageStructure.read(variant.bytes, format: variant.mediaType == "image/gif" ? .gif : .webp))
            #expect(structure.frameCount == 3 && structure.extras.isEmpty, "\(variant.path)")
            for marker in Self.privateMarkers { #expect(!Self.contains(variant.bytes, marker), "\(variant.path) holds \(marker)") }
        }
    }

    /// A GIF of one frame, and an animated WebP or PNG of one frame, are stills: WebP and a
    /// JPEG or PNG, as any still.
    @Test func oneFrameIsAStill() throws {
        let still = AnimatedGIF.make(width: 700, height: 100, frames: [1], extensions: [AnimatedGIF.commentExtension])
        let animated = try ImageProcessor.resize(Self.gif, toWidth: 700, allFrames: true, as: [.webp], quality: 90)[0].bytes
        // VP8X (its animation flag set), ANIM and the first ANMF of the animation alone.
        var chunks: [UInt8] = []
        var offset = 12
        var frames = 0
        while offset + 8 <= animated.count {
            let length = animated[offset + 4..<offset + 8].reversed().reduce(0) { $0 << 8 | Int($1) }
            let isFrame = animated[offset..<offset + 4].elementsEqual("ANMF".utf8)
            if !isFrame || frames == 0 { chunks += animated[offset..<offset + 8 + length + (length & 1)] }
            if isFrame { frames += 1 }
            offset += 8 + length + (length & 1)
        }
        let size = chunks.count + 4
        let oneFrameWebP = Array("RIFF".utf8) + [UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16), 0] + Array("WEBP".utf8) + chunks
        #expect(oneFrameWebP[20] & 0x02 != 0, "the header still says it moves")
        for (name, bytes) in [("still.gif", still), ("one-frame.webp", oneFrameWebP)] {
            let (file, variants) = try Self.variants(of: name, bytes)
            #expect(file.isResized && !file.isAnimated, "\(name)")
            #expect(variants.map(\.mediaType) == ["image/webp", "image/webp", "image/webp", "image/jpeg"], "\(name)")
            for variant in variants where variant.isModern {
                #expect(!Self.contains(variant.bytes, "ANMF"), "\(name): \(variant.path) is animated")
            }
            for variant in variants { #expect(!Self.contains(variant.bytes, "PhoneMaker")) }
        }
    }

    /// The page offers the animated WebPs in the `<picture>` as it does a still's, with the
    /// animated GIF as the `<img>`; lint notes a GIF over 1 MB as it notes a PNG.
    @Test func theBuildServesTheAnimationAsAStillsVariantsAndNotesALargeGIF() throws {
        // 1000×400, three frames: 1.3 MB, its pixels written without compression.
        let large = AnimatedGIF.make(width: 1000, height: 400, frames: [0, 1, 2])
        #expect(large.count > 1_000_000)
        let folder = try Self.project("large.gif", large)
        let result = try OnboardingBuilder(options: BuildOptions(outputDirectory: folder.path("out"))).build(appDefPath: folder.path("app.appDef"))
        #expect(result.succeeded, "\(result.diagnostics)")
        let note = try #require(result.diagnostics.first { $0.ruleID == "image-larger-than-needed" })
        #expect(note.message == "'large.gif' is \(Double(large.count / 100_000) / 10) MB, more than a screen needs")
        #expect(note.notes.first?.contains("as animated WebP and as an animated GIF") == true, "\(note.notes)")
        let files = filesUnder(folder.path("out"))
        let images = files.keys.filter { $0.hasPrefix("images/") }.sorted()
        // 384, 624 and 768 pixels wide: an animation stops at a phone's 2x, not at its 1000.
        #expect(images.filter { $0.hasSuffix(".webp") }.count == 3 && images.filter { $0.hasSuffix(".gif") }.count == 1, "\(images)")
        #expect(note.notes.first?.hasPrefix("the build publishes it 384, 624, 768 pixels wide") == true, "\(note.notes)")
        let page = String(decoding: try #require(files["screens/1.html"]), as: UTF8.self)
        let gif = try #require(images.first { $0.hasSuffix(".gif") })
        #expect(page.contains("<source type=\"image/webp\" srcset=\""), "\(page)")
        #expect(page.contains("src=\"../\(gif)\""), "\(page)")
        for image in images {
            let structure = try #require(ImageStructure.read([UInt8](files[image]!), format: image.hasSuffix(".gif") ? .gif : .webp))
            #expect(structure.frameCount == 3, "\(image)")
        }
    }

    /// Two frames of 12×8 (red, blue) as animated WebP, with an EXIF orientation of 6 (a
    /// quarter to the right), as a tool that copies a phone's EXIF writes them.
    static let rotatedAnimation = [UInt8](
        Data(
            base64Encoded:
                "UklGRqwAAABXRUJQVlA4WAoAAAAKAAAACwAABwAAQU5JTQYAAAAAAAAAAABBTk1GKAAAAAAAAAAAAAsAAAcAAGQAAAJWUDhMDwAAAC8LwAEABxD9j/4HIqL/AQBBTk1GKAAAAAAAAAAAAAsAAAcAAGQAAABWUDhMDwAAAC8LwAEABxDR//4HIqL/AQBFWElGIAAAAEV4aWYAAE1NACoAAAAIAAEBEgADAAAAAQAGAAAAAAAA"
        )!)

    /// Browsers draw a WebP as stored, whatever its EXIF orientation: an animated one that it
    /// would turn is published as stored, every frame, and not refused (libvips turned its
    /// strip of frames as one picture, and the build refused it).
    @Test func anAnimatedWebPWithAnOrientationIsPublishedAsStored() throws {
        let folder = try Self.project("turned.webp", Self.rotatedAnimation)
        let result = try OnboardingBuilder(options: BuildOptions(outputDirectory: folder.path("out"))).build(appDefPath: folder.path("app.appDef"))
        #expect(result.succeeded, "\(result.diagnostics.map(\.message))")
        #expect(!result.diagnostics.contains { $0.ruleID == "image-not-decodable" })
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path("out/images"))
        let webp = try #require(names.first { $0.hasSuffix(".webp") }, "\(names)")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.path("out/images/\(webp)"))))
        let structure = try #require(ImageStructure.read(bytes, format: .webp))
        #expect(structure.frameCount == 2)
        #expect(ImageInspector.size(of: bytes, format: .webp) == ImageSize(width: 12, height: 8))
    }
}
