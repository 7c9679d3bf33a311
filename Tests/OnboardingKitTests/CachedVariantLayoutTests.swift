import Foundation
import Testing

@testable import AppDefModel
@testable import Generation

/// A cached variant is published only when it is laid out as the build lays out its files:
/// every field a decoder passes over is room for planted bytes (the thirtieth hostile reading
/// planted 4 KB in each of these, and every one was published "from the cache").
struct CachedVariantLayoutTests {
    static let tail = ImageVariantValidationTests.tail

    /// The variants of a still with transparency (WebP and a PNG fallback) and of a
    /// three-frame GIF (animated WebP and a GIF fallback), and their checks.
    static func stillWithAlpha() throws -> ([ImageVariantCache.Entry], CachedVariantCheck) {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/images/sample-alpha-27x35", withExtension: "webp"))
        let entries = try ImageVariantValidationTests.made([UInt8](try Data(contentsOf: url)))
        let check = CachedVariantCheck(
            widths: [27], fallbackWidth: 27, sourceSize: ImageSize(width: 27, height: 35), quality: 75, isAnimated: false, sourceFrames: 1)
        #expect(check.problem(with: entries) == nil)
        return (entries, check)
    }

    static func animation() throws -> ([ImageVariantCache.Entry], CachedVariantCheck) {
        let entries = try ImageVariantValidationTests.made(AnimatedGIF.make(width: 40, height: 30, frames: [0, 1, 2]), animated: true)
        let check = CachedVariantCheck(
            widths: [40], fallbackWidth: 40, sourceSize: ImageSize(width: 40, height: 30), quality: 75, isAnimated: true, sourceFrames: 3)
        #expect(check.problem(with: entries) == nil)
        return (entries, check)
    }

    /// The problem `check` finds with `entries` once `change` made the one at `index`.
    static func problem(_ check: CachedVariantCheck, _ entries: [ImageVariantCache.Entry], at index: Int, _ change: ([UInt8]) -> [UInt8]) -> String? {
        check.problem(with: ImageVariantValidationTests.changing(entries, at: index, change))
    }

    /// A change that sets the byte at `index` to `value`.
    static func setting(_ index: Int, to value: UInt8) -> ([UInt8]) -> [UInt8] {
        { bytes in
            var changed = bytes
            changed[index] = value
            return changed
        }
    }

    static func littleEndian32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }

    /// `webp` with its first chunk (VP8X) `extra` bytes longer, the RIFF length to match.
    static func longerHeader(_ webp: [UInt8], by extra: [UInt8]) -> [UInt8] {
        var changed = Array(webp[..<12]) + Array("VP8X".utf8) + littleEndian32(10 + extra.count) + webp[20..<30] + extra + webp[30...]
        changed.replaceSubrange(4..<8, with: littleEndian32(changed.count - 8))
        return changed
    }

    @Test func aWebPHeaderOrAnimationHeaderHoldingMoreDoesNot() throws {
        let (still, stillCheck) = try Self.stillWithAlpha()
        let planted = Array(Self.tail.prefix(62))  // even: no padding byte
        let longerStill = Self.problem(stillCheck, still, at: 0) { Self.longerHeader($0, by: planted) }
        #expect(longerStill?.contains("VP8X") == true, "\(longerStill ?? "accepted")")
        // Its reserved bytes.
        #expect(Self.problem(stillCheck, still, at: 0, Self.setting(21, to: 0x41))?.contains("VP8X") == true)
        let (moving, movingCheck) = try Self.animation()
        #expect(Self.problem(movingCheck, moving, at: 0) { Self.longerHeader($0, by: planted) }?.contains("VP8X") == true)
        // ANIM's background colour, and ANIM longer than its 6 bytes.
        let animation = 30
        #expect(Array(moving[0].bytes[animation..<animation + 4]) == Array("ANIM".utf8))
        #expect(Self.problem(movingCheck, moving, at: 0, Self.setting(animation + 8, to: 0x41))?.contains("ANIM") == true)
        let longerAnimation = Self.problem(movingCheck, moving, at: 0) { webp in
            var changed =
                Array(webp[..<(animation + 4)]) + Self.littleEndian32(6 + planted.count) + webp[(animation + 8)..<(animation + 14)] + planted
                + webp[(animation + 14)...]
            changed.replaceSubrange(4..<8, with: Self.littleEndian32(changed.count - 8))
            return changed
        }
        #expect(longerAnimation?.contains("ANIM") == true, "\(longerAnimation ?? "accepted")")
    }

    @Test func aPNGWithRepeatedOrEmptyChunksOrABadCRCDoesNot() throws {
        let (entries, check) = try Self.stillWithAlpha()
        let fallback = entries.count - 1
        #expect(entries[fallback].mediaType == "image/png")
        let png = entries[fallback].bytes
        // The chunks: IHDR at 8 (25 bytes), pHYs at 33 (21 bytes), IDAT at 54.
        #expect(Array(png[37..<41]) == Array("pHYs".utf8) && Array(png[58..<62]) == Array("IDAT".utf8))
        let physical = Array(png[33..<54])
        let emptyData: [UInt8] = [0, 0, 0, 0] + Array("IDAT".utf8) + [0x35, 0xAF, 0x06, 0x1E]  // its CRC holds
        let cases: [(String, ([UInt8]) -> [UInt8])] = [
            ("pHYs", { Array($0[..<54]) + physical + $0[54...] }),
            ("empty IDAT", { Array($0[..<54]) + emptyData + $0[54...] }),
            ("CRC", { Array($0.dropLast(4)) + Array("ABCD".utf8) }),
            ("CRC", Self.setting(45, to: png[45] ^ 0x01)),  // the pHYs's resolution
        ]
        for (what, change) in cases {
            let problem = Self.problem(check, entries, at: fallback, change)
            #expect(problem?.contains(what) == true, "\(what): \(problem ?? "accepted")")
        }
    }

    @Test func aGIFWithRepeatedExtensionsDoesNot() throws {
        let (entries, check) = try Self.animation()
        let gif = entries[1].bytes
        #expect(gif.last == 0x3B)
        let control: [UInt8] = [0x21, 0xF9, 0x04, 0x05, 0x14, 0x00, 0x00, 0x00]
        let loop: [UInt8] = [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01, 0x00, 0x00, 0x00]
        let cases: [(String, ([UInt8]) -> [UInt8])] = [
            ("graphic control", { Array($0.dropLast()) + control + [0x3B] }),
            ("application extension", { Array($0.dropLast()) + loop + [0x3B] }),
            ("header", Self.setting(12, to: 0x41)),  // the aspect ratio
        ]
        for (what, change) in cases {
            let problem = Self.problem(check, entries, at: 1, change)
            #expect(problem?.contains(what) == true, "\(what): \(problem ?? "accepted")")
        }
    }

    /// Where the first frame's descriptor of `gif` is: after the screen, its colour table and
    /// the extensions before it.
    static func firstFrame(of gif: [UInt8]) -> Int {
        var offset = 13 + (gif[10] & 0x80 == 0 ? 0 : 3 << (Int(gif[10] & 0x07) + 1))
        while gif[offset] == 0x21 {
            offset += 2
            while gif[offset] != 0 { offset += 1 + Int(gif[offset]) }
            offset += 1
        }
        return offset
    }

    /// A frame outside the screen, a colour table larger than the frame's code size can name
    /// (round 31: each carried kilobytes no browser draws), and the flag bits decoders pass
    /// over.
    @Test func aGIFWithAFrameOrTableNoPixelDrawsOrFreeFlagBitsDoesNot() throws {
        let (entries, check) = try Self.animation()
        let gif = entries[1].bytes
        let frame = Self.firstFrame(of: gif)
        #expect(gif[frame] == 0x2C)
        let table = gif[frame + 9] & 0x80 == 0 ? 0 : 3 << (Int(gif[frame + 9] & 0x07) + 1)
        let cases: [(String, ([UInt8]) -> [UInt8])] = [
            ("outside its screen", Self.setting(frame + 2, to: 0x0F)),  // its left edge at 3840 and more
            ("colour table is not the size", Self.setting(frame + 10 + table, to: gif[frame + 10 + table] + 1)),  // its code size
            ("header", Self.setting(10, to: gif[10] | 0x78)),  // colour resolution and sort order
            ("frame descriptor", Self.setting(frame + 9, to: gif[frame + 9] | 0x20)),  // sorted
            ("graphic control", Self.setting(frame - 5, to: gif[frame - 5] | 0x02)),  // user input
            ("graphic control", Self.setting(frame - 5, to: gif[frame - 5] & ~0x1C)),  // disposal 0 (round 35)
        ]
        #expect(gif[frame - 8] == 0x21 && gif[frame - 7] == 0xF9, "a graphic control before the first frame")
        // The first frame given its own copy of the screen's table, which then no frame uses
        // and can hold anything (round 33).
        let screenTable = 13..<(13 + (gif[10] & 0x80 == 0 ? 0 : 3 << (Int(gif[10] & 0x07) + 1)))
        #expect(gif[10] & 0x80 != 0 && gif[frame + 9] & 0x80 == 0, "the first frame uses the screen's table")
        let ownTable = Self.problem(check, entries, at: 1) { gif in
            var changed = gif
            changed[frame + 9] = 0x80 | (gif[10] & 0x07)
            changed.insert(contentsOf: gif[screenTable], at: frame + 10)
            changed.replaceSubrange(screenTable, with: Array(repeating: 0x41, count: screenTable.count))
            return changed
        }
        #expect(ownTable?.contains("no frame uses") == true, "\(ownTable ?? "accepted")")
        for (what, change) in cases {
            let problem = Self.problem(check, entries, at: 1, change)
            #expect(problem?.contains(what) == true, "\(what): \(problem ?? "accepted")")
        }
    }

    /// The alpha's pre-processing bit and the frame's scale bits, which decoders pass over
    /// (round 31).
    @Test func aWebPFrameWithFreeBitsDoesNot() throws {
        let (entries, check) = try Self.stillWithAlpha()
        let webp = entries[0].bytes
        let alpha = 30
        #expect(Array(webp[alpha..<alpha + 4]) == Array("ALPH".utf8))
        let alphaLength = Int(webp[alpha + 4]) | Int(webp[alpha + 5]) << 8
        let image = alpha + 8 + alphaLength + alphaLength % 2
        #expect(Array(webp[image..<image + 4]) == Array("VP8 ".utf8))
        for change in [Self.setting(alpha + 8, to: webp[alpha + 8] | 0x10), Self.setting(image + 8 + 7, to: webp[image + 8 + 7] | 0x40)] {
            let problem = Self.problem(check, entries, at: 0, change)
            #expect(problem?.contains("other than one frame's") == true, "\(problem ?? "accepted")")
        }
    }

    /// Where the first segment with `marker` of `jpeg` starts (its 0xFF).
    static func segment(_ marker: UInt8, of jpeg: [UInt8]) -> Int? {
        var offset = 2
        while offset + 4 <= jpeg.count, jpeg[offset] == 0xFF, jpeg[offset + 1] != 0xDA {
            if jpeg[offset + 1] == marker { return offset }
            offset += 2 + (Int(jpeg[offset + 2]) << 8 | Int(jpeg[offset + 3]))
        }
        return jpeg[offset + 1] == marker ? offset : nil
    }

    /// The fields of a JPEG's frame and scans libjpeg reads without a word: component numbers,
    /// sampling factors, a DC scan's AC table selectors.
    @Test func aJPEGWithFreeFrameOrScanFieldsDoesNot() throws {
        let entries = try ImageVariantValidationTests.made()
        let jpeg = entries[1].bytes
        let frame = try #require(Self.segment(0xC2, of: jpeg), "a progressive frame")
        let scan = try #require(Self.segment(0xDA, of: jpeg))
        #expect(jpeg[frame + 9] == 3 && jpeg[scan + 4] == 3, "three components, all in the first scan")
        let cases: [(String, ([UInt8]) -> [UInt8])] = [
            ("frame components", Self.setting(frame + 10, to: 7)),  // the luma's number
            ("frame components", Self.setting(frame + 14, to: 0x12)),  // the blue chroma's sampling
            ("scans other than", Self.setting(scan + 8, to: 0x11)),  // the DC scan's AC table for Cb
        ]
        for (what, change) in cases {
            let problem = Self.problem(ImageVariantValidationTests.check, entries, at: 1, change)
            #expect(problem?.contains(what) == true, "\(what): \(problem ?? "accepted")")
        }
    }

    /// Tables libjpeg would not write: a quantization entry changed (in a flat picture no
    /// block has most frequencies), Huffman symbols appended after the used ones (no code in
    /// the data reaches them), or out of order (round 32).
    @Test func aJPEGWithTablesOtherThanLibjpegsDoesNot() throws {
        let entries = try ImageVariantValidationTests.made()
        let jpeg = entries[1].bytes
        let quantization = try #require(Self.segment(0xDB, of: jpeg))
        let huffman = try #require(Self.segment(0xC4, of: jpeg))
        let counts = Array(jpeg[huffman + 5..<huffman + 21])
        let total = counts.reduce(0) { $0 + Int($1) }
        let longest = try #require(counts.lastIndex(where: { $0 > 0 })) + 1  // in bits
        // Symbols past the longest used length, where canonical codes put them after every used one.
        func appending(_ symbols: [UInt8], atLength length: Int) -> ([UInt8]) -> [UInt8] {
            { jpeg in
                var changed = jpeg
                changed[huffman + 5 + length - 1] += UInt8(symbols.count)
                let end = huffman + 21 + total
                changed.insert(contentsOf: symbols, at: end)
                let segmentLength = Int(changed[huffman + 2]) << 8 | Int(changed[huffman + 3]) + symbols.count
                changed[huffman + 2] = UInt8(segmentLength >> 8)
                changed[huffman + 3] = UInt8(segmentLength & 0xFF)
                return changed
            }
        }
        let firstSymbols = Array(jpeg[huffman + 21..<huffman + 21 + total])
        let unused = (0...11).map(UInt8.init).filter { !firstSymbols.contains($0) }
        let cases: [(String, ([UInt8]) -> [UInt8])] = [
            ("quantization tables", Self.setting(quantization + 60, to: jpeg[quantization + 60] ^ 0x01)),
            ("Huffman table", appending(Array(unused.prefix(2)), atLength: 16)),
            // At the longest length: the all-ones code libjpeg keeps free is taken.
            ("Huffman table", appending(Array(unused.prefix(1)), atLength: longest)),
            // One length further: the table keeps libjpeg's shape, and its data never reaches
            // the symbol (round 33 did this in every table, down to 16 bits).
            ("never reaches", appending(Array(unused.prefix(1)), atLength: longest + 1)),
        ]
        #expect(jpeg[huffman + 4] & 0xF0 == 0 && unused.count >= 2, "a DC table first, with symbols left")
        for (what, change) in cases {
            let problem = Self.problem(ImageVariantValidationTests.check, entries, at: 1, change)
            #expect(problem?.contains(what) == true, "\(what): \(problem ?? "accepted")")
        }
        if total >= 2 {
            // Two symbols of the longest length swapped: libjpeg lists them in order of value.
            let last = huffman + 21 + total - 1
            let swapped = Self.problem(ImageVariantValidationTests.check, entries, at: 1) { jpeg in
                var changed = jpeg
                changed.swapAt(last, last - 1)
                return changed
            }
            #expect(counts[longest - 1] < 2 || swapped?.contains("Huffman table") == true, "\(swapped ?? "accepted")")
        }
    }

    /// Bytes after a scan's last code, which libjpeg reads ahead and drops without a warning,
    /// padding bits other than 1s, and Huffman table segments merged or out of libjpeg's
    /// order (round 34).
    @Test func aJPEGScanWithBytesAfterItsCodesOrTablesOutOfOrderDoesNot() throws {
        let entries = try ImageVariantValidationTests.made()
        let jpeg = entries[1].bytes
        let scan = try #require(Self.segment(0xDA, of: jpeg))
        let dataStart = scan + 2 + (Int(jpeg[scan + 2]) << 8 | Int(jpeg[scan + 3]))
        let dataEnd = try #require((dataStart..<jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] != 0 })
        let first = try #require(Self.segment(0xC4, of: jpeg))
        let firstLength = Int(jpeg[first + 2]) << 8 | Int(jpeg[first + 3])
        let second = first + 2 + firstLength
        #expect(jpeg[second] == 0xFF && jpeg[second + 1] == 0xC4, "two table segments before the first scan")
        let secondLength = Int(jpeg[second + 2]) << 8 | Int(jpeg[second + 3])
        let cases: [(String, ([UInt8]) -> [UInt8])] = [
            ("other than its codes", { Array($0[..<dataEnd]) + [0x41, 0x42, 0x43] + $0[dataEnd...] }),
            ("other than its codes", Self.setting(dataEnd - 1, to: jpeg[dataEnd - 1] == 0 ? 1 : jpeg[dataEnd - 1] & 0xFE)),
            // The two tables in one segment.
            (
                "one table each",
                { jpeg in
                    let length = firstLength + secondLength - 2
                    return Array(jpeg[..<(first + 2)]) + [UInt8(length >> 8), UInt8(length & 0xFF)] + jpeg[(first + 4)..<second]
                        + jpeg[(second + 4)...]
                }
            ),
            // The two in the other order.
            (
                "before it",
                { jpeg in Array(jpeg[..<first]) + jpeg[second..<(second + 2 + secondLength)] + jpeg[first..<second] + jpeg[(second + 2 + secondLength)...] }
            ),
        ]
        for (what, change) in cases {
            let problem = Self.problem(ImageVariantValidationTests.check, entries, at: 1, change)
            #expect(problem?.contains(what) == true, "\(what): \(problem ?? "accepted")")
        }
    }

    /// The blocks of an MCU outside the picture (an 8×8 picture with its luma sampled 2×2 has
    /// three), which libjpeg codes as copies of the block before: a difference of 0 in the
    /// first DC scan, that block's bit in the refinement. Anything else there is drawn by no
    /// one and carried 27 bytes in a 300×200 picture (round 35).
    @Test func aJPEGBlockOutsideThePictureHoldsWhatLibjpegPutsThere() {
        func reads(_ byte: UInt8, refining: Bool) -> Bool {
            var use = JPEGSymbolUse(width: 8, height: 8, sampling: [(1, 2, 2), (2, 1, 1), (3, 1, 1)])
            // A DC table of two codes of one bit: 0 for a difference of 0, 1 for one of 1 bit.
            use.define([0x00, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1])
            let header: [UInt8] = [3, 1, 0, 2, 0, 3, 0, 0, 0, refining ? 0x10 : 0x01]
            return use.readScan(header: header, data: 0, end: 1, in: [byte, 0xFF, 0xD9])
        }
        // The six blocks' codes (luma 0 to 3, then Cb and Cr), then 1 bits to the byte's end.
        #expect(reads(0b0000_0011, refining: false), "every difference 0")
        #expect(!reads(0b0100_0001, refining: false), "a difference of 1 in the second luma block, outside")
        #expect(reads(0b1111_0011, refining: true), "every luma bit the first block's")
        #expect(!reads(0b1011_0011, refining: true), "another bit in the second luma block, outside")
    }

    /// An alpha chunk kept raw holds exactly a byte a pixel: libwebp drops what follows without
    /// a word, and 64 planted bytes there were published (round 37).
    @Test func aRawWebPAlphaHoldsExactlyAByteAPixel() throws {
        let entries = try ImageVariantValidationTests.made()
        let opaque = entries[0].bytes
        #expect(Array(opaque[30..<34]) == Array("VP8 ".utf8), "an opaque 4×3 still, its frame after its header")
        func withRawAlpha(_ extra: [UInt8]) -> [UInt8] {
            let alpha: [UInt8] = [0x00] + Array(repeating: 0x80, count: 12) + extra
            var alphaChunk = Array("ALPH".utf8) + Self.littleEndian32(alpha.count) + alpha
            if alpha.count % 2 == 1 { alphaChunk.append(0) }
            var webp = Array(opaque[..<30]) + alphaChunk + opaque[30...]
            webp[20] = 0x10
            webp.replaceSubrange(4..<8, with: Self.littleEndian32(webp.count - 8))
            return webp
        }
        #expect(CachedVariantLayout.webPProblem(withRawAlpha([]), width: 4, height: 3, animated: false) == nil)
        let planted = CachedVariantLayout.webPProblem(withRawAlpha(Array(Self.tail.prefix(10))), width: 4, height: 3, animated: false)
        #expect(planted?.contains("other than one frame's") == true, "\(planted ?? "accepted")")
    }

    /// libpng narrows a small image's zlib window in its header down to 256 bytes, and adds 31
    /// to the check bits where 0 would do: the build's own 3×1 PNG was refused (round 37's
    /// check, before it was released).
    @Test func theZlibHeaderIsLibpngsForEverySize() {
        #expect(CachedVariantLayout.zlibHeader(width: 3, height: 1, channels: 4) == (0x08, 0xD7))
        #expect(CachedVariantLayout.zlibHeader(width: 300, height: 200, channels: 4) == (0x78, 0xDA))
        let header = CachedVariantLayout.zlibHeader(width: 27, height: 35, channels: 4)
        #expect((Int(header.method) << 8 | Int(header.flags)) % 31 == 0 && header.flags >> 6 == 3)
    }

    /// A GIF frame's data cut in blocks of other lengths than 255 but the last: the lengths
    /// spelled a message (round 37). A PNG's zlib header with another level than libpng's
    /// (decoders read none), round 37 too.
    @Test func aGIFOrPNGWhoseDataIsFramedOtherwiseDoesNot() throws {
        let (moving, movingCheck) = try Self.animation()
        let gif = moving[1].bytes
        let frame = Self.firstFrame(of: gif)
        let table = gif[frame + 9] & 0x80 == 0 ? 0 : 3 << (Int(gif[frame + 9] & 0x07) + 1)
        let firstBlock = frame + 11 + table
        let length = Int(gif[firstBlock])
        #expect(length > 1 && length < 255, "one block of data")
        let recut = Self.problem(movingCheck, moving, at: 1) { gif in
            Array(gif[..<firstBlock]) + [1, gif[firstBlock + 1], UInt8(length - 1)] + gif[(firstBlock + 2)...]
        }
        #expect(recut?.contains("blocks other than the build's") == true, "\(recut ?? "accepted")")

        let (still, stillCheck) = try Self.stillWithAlpha()
        let fallback = still.count - 1
        let png = still[fallback].bytes
        let data = 54
        let dataLength = Int(png[data]) << 24 | Int(png[data + 1]) << 16 | Int(png[data + 2]) << 8 | Int(png[data + 3])
        var zlib = Array(png[(data + 8)..<(data + 8 + dataLength)])
        zlib[1] = 0  // level bits 0
        zlib[1] += UInt8((31 - (Int(zlib[0]) << 8 | Int(zlib[1])) % 31) % 31)
        let relevelled = Self.problem(stillCheck, still, at: fallback) { png in Array(png[..<data]) + Self.idat(zlib) + png[(data + 12 + dataLength)...] }
        #expect(relevelled?.contains("zlib header") == true, "\(relevelled ?? "accepted")")
    }

    /// An AC scan's last end-of-band run counting past its last block (libjpeg ends it there;
    /// its extra bits carried up to 14 bits a scan, round 36).
    @Test func aJPEGEndOfBandRunEndsAtTheScansLastBlock() {
        func reads(symbol: UInt8, _ byte: UInt8) -> Bool {
            var use = JPEGSymbolUse(width: 8, height: 8, sampling: [(1, 1, 1)])
            use.define([0x10, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, symbol])
            return use.readScan(header: [1, 1, 0x00, 1, 63, 0x00], data: 0, end: 1, in: [byte, 0xFF, 0xD9])
        }
        #expect(reads(symbol: 0x00, 0b0111_1111), "an end of band for the one block")
        #expect(!reads(symbol: 0x10, 0b0011_1111), "a run of two blocks in a scan of one")
    }

    /// libjpeg lists a table's symbols by their code length before it limits codes to 16 bits,
    /// then by value: those folded into 16 bits are not in order of value. The build's own JPEG
    /// of 1-bit line art was refused from the cache on every build (round 36).
    @Test func aTableWhoseCodesLibjpegLimitedTo16BitsIsLibjpegs() {
        // Frequencies like Fibonacci's give codes of up to 25 bits before the limit; the rarest
        // symbols are the smallest, so that those folded into 16 bits come largest first. AC
        // symbols: a run of zeros, then a size of 1 to 10.
        let symbols = (0..<3).flatMap { run in (1...10).map { UInt8(run << 4 | $0) } }.prefix(26)
        var uses = [Int](repeating: 0, count: 256)
        var (previous, current) = (1, 1)
        for symbol in symbols {
            uses[Int(symbol)] = current
            (previous, current) = (current, previous + current)
        }
        let table = JPEGOptimalTable.table(for: uses)
        #expect(table.counts.count == 16 && table.counts.reduce(0, +) == 26)
        let longest = Array(table.symbols.suffix(table.counts[15]))
        #expect(longest != longest.sorted(), "the 16-bit symbols are not in order of value: \(longest)")
        let segment = [UInt8(0x10)] + table.counts.map(UInt8.init) + table.symbols
        #expect(CachedVariantLayout.huffmanTablesProblem(segment[...]) == nil)
    }

    /// A still WebP whose header says it has alpha and which has no alpha chunk, or whose frame
    /// tag gives version 3, which libwebp never writes (round 35).
    @Test func aWebPFrameTagOrAlphaFlagOtherThanLibwebpsDoesNot() throws {
        let entries = try ImageVariantValidationTests.made()
        let webp = entries[0].bytes
        #expect(webp[20] == 0 && Array(webp[30..<34]) == Array("VP8 ".utf8), "an opaque still: no alpha flag, its frame after the header")
        for change in [Self.setting(20, to: 0x10), Self.setting(38, to: webp[38] | 0x06)] {
            let problem = Self.problem(ImageVariantValidationTests.check, entries, at: 0, change)
            #expect(problem?.contains("other than one frame's") == true, "\(problem ?? "accepted")")
        }
    }

    /// libpng cuts a PNG's data in chunks of 8192 bytes: lengths chosen otherwise spelled a
    /// message (round 32).
    @Test func aPNGWhoseDataIsCutOtherwiseDoesNot() throws {
        let (entries, check) = try Self.stillWithAlpha()
        let fallback = entries.count - 1
        let png = entries[fallback].bytes
        let data = 54
        let length = Int(png[data]) << 24 | Int(png[data + 1]) << 16 | Int(png[data + 2]) << 8 | Int(png[data + 3])
        #expect(Array(png[data + 4..<data + 8]) == Array("IDAT".utf8) && length > 2)
        let problem = Self.problem(check, entries, at: fallback) { png in
            let bytes = Array(png[data + 8..<data + 8 + length])
            return Array(png[..<data]) + Self.idat(Array(bytes.prefix(2))) + Self.idat(Array(bytes.dropFirst(2))) + png[(data + 12 + length)...]
        }
        #expect(problem?.contains("cut in chunks other than libpng's") == true, "\(problem ?? "accepted")")
    }

    /// A PNG's data is one zlib stream of its rows, whole, its check holding, nothing after it:
    /// WebKit drops the last row of a PNG whose Adler-32 does not hold, libvips reads on, and
    /// its 4 bytes, like bytes after the stream's end, carried a message (round 36).
    @Test(arguments: ["check", "after", "filter"])
    func aPNGWhoseDataIsNotOneWholeStreamOfItsRowsDoesNot(change: String) throws {
        let (entries, check) = try Self.stillWithAlpha()
        let fallback = entries.count - 1
        let png = entries[fallback].bytes
        let data = 54
        let length = Int(png[data]) << 24 | Int(png[data + 1]) << 16 | Int(png[data + 2]) << 8 | Int(png[data + 3])
        // One IDAT chunk, then IEND: the whole stream.
        #expect(Array(png[data + 4..<data + 8]) == Array("IDAT".utf8) && data + 12 + length + 12 == png.count)
        let stream = Array(png[data + 8..<data + 8 + length])
        let changed: [UInt8]
        switch change {
        case "check": changed = stream.dropLast(4) + stream.suffix(4).map { $0 ^ 0x5A }
        case "after": changed = stream + Array("hidden".utf8)
        default:
            // The same rows, the first one's filter type 9, stored (uncompressed) again.
            let rows = 1 + 27 * 4
            var raw = [UInt8](repeating: 0, count: rows * 35)
            raw[0] = 9
            changed = UprightPhotoVariantTests.storedZlib(raw, header: CachedVariantLayout.zlibHeader(width: 27, height: 35, channels: 4))
        }
        let problem = Self.problem(check, entries, at: fallback) { png in
            Array(png[..<data]) + Self.idat(changed) + png[(data + 12 + length)...]
        }
        let expected = change == "filter" ? "filter type" : "one whole zlib stream"
        #expect(problem?.contains(expected) == true, "\(problem ?? "accepted")")
        // The stream itself, unchanged and framed again, passes.
        #expect(Self.problem(check, entries, at: fallback) { png in Array(png[..<data]) + Self.idat(stream) + png[(data + 12 + length)...] } == nil)
    }

    /// An IDAT chunk of `data`, its CRC holding.
    static func idat(_ data: [UInt8]) -> [UInt8] {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in Array("IDAT".utf8) + data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        crc = ~crc
        let length = data.count
        return [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)] + Array("IDAT".utf8) + data
            + [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
    }

    /// A PNG is written at 72 dpi whatever its source's resolution: the check takes no other.
    @Test func aPNGIsWrittenAt72DPI() throws {
        let (entries, _) = try Self.stillWithAlpha()
        let png = try #require(entries.last?.bytes)
        #expect(Array(png[41..<50]) == [0, 0, 0x0B, 0x13, 0, 0, 0x0B, 0x13, 1])
    }
}
