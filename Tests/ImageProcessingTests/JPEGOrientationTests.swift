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
        // Cut anywhere before the value's last byte (the 30th: marker and length 4, "Exif\0\0"
        // 6, TIFF header 8, entry count 2, then the entry's tag, type and count 8, value 2).
        for cut in 6..<30 {
            var segment = Array(whole.prefix(cut))
            segment[2] = UInt8((cut - 2) >> 8)
            segment[3] = UInt8((cut - 2) & 0xFF)
            #expect(JPEGOrientation.asBrowsersRead(JPEGSegments.with(try Self.plainJPEG(), segments: [segment])) == 1, "cut at \(cut)")
        }
        #expect(JPEGOrientation.asBrowsersRead(Array("not a JPEG".utf8)) == nil)
        #expect(JPEGOrientation.asBrowsersRead([0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF]) == 1)
    }
}
