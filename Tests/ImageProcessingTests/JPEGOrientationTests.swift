import Testing

@testable import ImageProcessing

/// A JPEG is published turned as browsers turn it: by an orientation stored as the format says
/// (SHORT, one value, 1 to 8) in its first EXIF segment, and by nothing else. libvips (through
/// libexif) also took orientations stored as LONG, BYTE, SSHORT or SLONG, or with a count of
/// 2, which Chromium 156 and WebKitGTK 2.50 drew as stored: the published image was turned a
/// quarter from what the author saw, in a box of the wrong proportions.
struct JPEGOrientationTests {
    /// A JPEG of 60×120 (stored and drawn), without EXIF.
    static func plainJPEG() throws -> [UInt8] {
        let stored = try ImageProcessor.resize(try ImageProcessorTests.fixture("gps-rotated.jpg"), toWidth: 1000, as: .jpeg, quality: 90)
        #expect((stored.width, stored.height) == (60, 120))
        return stored.bytes
    }

    /// What the JPEG `jpeg` is published as, and its upright size, both as width and height.
    static func published(_ jpeg: [UInt8]) throws -> (resized: [Int], upright: [Int]) {
        let resized = try ImageProcessor.resize(jpeg, toWidth: 1000, as: .png, quality: 80)
        let upright = try ImageProcessor.uprightSize(jpeg)
        return ([resized.width, resized.height], [upright.width, upright.height])
    }

    @Test(arguments: [false, true])
    func anOrientationStoredAsTheFormatSaysIsApplied(bigEndian: Bool) throws {
        let turned = JPEGSegments.with(try Self.plainJPEG(), segments: [JPEGSegments.exifOrientation(6, bigEndian: bigEndian)])
        #expect(JPEGOrientation.asBrowsersRead(turned) == 6)
        let published = try Self.published(turned)
        #expect(published.resized == [120, 60] && published.upright == [120, 60], "\(published)")
    }

    @Test(arguments: [(1, 1), (4, 1), (8, 1), (9, 1), (3, 2)])
    func anOrientationStoredOtherwiseIsNotApplied(type: Int, count: Int) throws {
        let stored = JPEGSegments.with(
            try Self.plainJPEG(), segments: [JPEGSegments.exifOrientation(6, type: type, count: count, bigEndian: type == 4)])
        #expect(JPEGOrientation.asBrowsersRead(stored) == 1)
        let published = try Self.published(stored)
        #expect(published.resized == [60, 120] && published.upright == [60, 120], "type \(type), count \(count): \(published)")
    }

    /// Browsers read the first EXIF segment alone.
    @Test func onlyTheFirstEXIFSegmentIsRead() throws {
        let upright = JPEGSegments.exifOrientation(1)
        let turned = JPEGSegments.exifOrientation(6)
        let first = try Self.published(JPEGSegments.with(try Self.plainJPEG(), segments: [upright, turned]))
        #expect(first.resized == [60, 120] && first.upright == [60, 120], "\(first)")
        let second = try Self.published(JPEGSegments.with(try Self.plainJPEG(), segments: [turned, upright]))
        #expect(second.resized == [120, 60] && second.upright == [120, 60], "\(second)")
    }

    /// Browsers take "Exif\0" and any sixth byte for EXIF, where libvips needs a zero: a JPEG
    /// marked "Exif\0\u{FF}" was drawn turned by Chromium and WebKit, and published as stored.
    @Test(arguments: [0x00, 0xFF, 0x58])
    func theSixthByteOfTheEXIFMarkIsSkipped(sixth: UInt8) throws {
        var segment = JPEGSegments.exifOrientation(6)
        segment[9] = sixth
        let published = try Self.published(JPEGSegments.with(try Self.plainJPEG(), segments: [segment]))
        #expect(published.resized == [120, 60] && published.upright == [120, 60], "\(published)")
    }

    /// A photo turned here (where libvips reads another orientation) keeps its colour profile's
    /// colours: it was published in its stored values, as if they were sRGB.
    @Test func aPhotoTurnedAsBrowsersTurnItKeepsItsProfilesColours() throws {
        let plain = try Self.plainJPEG()
        func colour(_ segments: [[UInt8]]) throws -> ImageProcessor.Color {
            let made = try ImageProcessor.resize(JPEGSegments.with(plain, segments: segments), toWidth: 1000, as: .png, quality: 80)
            return try ImageProcessor.averageColor(of: made.bytes)
        }
        let profile = JPEGSegments.withProfile([0xFF, 0xD8], HandMadeProfiles.redAsBlue).dropFirst(2)
        let untagged = try colour([])
        let tagged = try colour([Array(profile)])
        #expect(tagged != untagged, "the profile changes the colours: \(untagged)")
        for orientation in [JPEGSegments.exifOrientation(6, type: 4), JPEGSegments.exifOrientation(6)] {
            #expect(try colour([orientation, Array(profile)]) == tagged)
        }
    }

    /// Bytes between segments are skipped, as libjpeg skips them: an EXIF segment after them
    /// is read.
    @Test func anEXIFSegmentAfterStrayBytesIsRead() throws {
        let comment: [UInt8] = [0xFF, 0xFE, 0, 4, 0x68, 0x69]
        let stray: [UInt8] = [0x12, 0x34, 0xFF, 0x00]
        let jpeg = JPEGSegments.with(try Self.plainJPEG(), segments: [comment, stray, JPEGSegments.exifOrientation(6)])
        #expect(JPEGOrientation.asBrowsersRead(jpeg) == 6)
        #expect(try Self.published(jpeg).resized == [120, 60])
    }

    /// A value outside 1 to 8 is drawn as stored.
    @Test(arguments: [0, 9, 200])
    func anOrientationOutOfRangeIsUpright(value: Int) throws {
        let stored = JPEGSegments.with(try Self.plainJPEG(), segments: [JPEGSegments.exifOrientation(value)])
        #expect(JPEGOrientation.asBrowsersRead(stored) == 1)
        #expect(try Self.published(stored).resized == [60, 120])
    }

    /// EXIF cut short is read as no orientation, never past the segment's end.
    @Test func brokenEXIFIsNoOrientation() throws {
        let whole = JPEGSegments.exifOrientation(6)
        // Cut anywhere before the entry's last byte, the 32nd (marker and length 4, "Exif\0\0"
        // 6, TIFF header 8, entry count 2, entry 12): browsers read whole entries only, and
        // drew a JPEG whose entry was cut after its value (its 10th byte) upright.
        for cut in 6..<32 {
            var segment = Array(whole.prefix(cut))
            segment[2] = UInt8((cut - 2) >> 8)
            segment[3] = UInt8((cut - 2) & 0xFF)
            #expect(JPEGOrientation.asBrowsersRead(JPEGSegments.with(try Self.plainJPEG(), segments: [segment])) == 1, "cut at \(cut)")
        }
        #expect(JPEGOrientation.asBrowsersRead(Array("not a JPEG".utf8)) == nil)
        #expect(JPEGOrientation.asBrowsersRead([0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF]) == 1)
    }
}
