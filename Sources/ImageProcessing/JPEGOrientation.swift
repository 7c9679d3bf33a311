/// The EXIF orientation a JPEG is drawn with in browsers, which libvips does not always read
/// the same way.
///
/// Chromium and WebKit read the orientation from the first APP1 segment that holds EXIF, in its
/// first directory, and only as the format stores it: type SHORT, one value, 1 to 8. libvips
/// reads EXIF through libexif, which takes the tag in any integer type (LONG, BYTE, SSHORT,
/// SLONG) and any count: a JPEG of 400×200 whose orientation 6 was written as a LONG was drawn
/// as stored by Chromium 156 and WebKitGTK 2.50, and published turned, 200×400. With two EXIF
/// segments, browsers read the first and libvips the last.
enum JPEGOrientation {
    /// The orientation (1, upright, to 8) browsers draw the JPEG in `jpeg` with; `nil` when it
    /// is no JPEG.
    static func asBrowsersRead(_ jpeg: [UInt8]) -> Int? {
        guard jpeg.count >= 4, jpeg[0] == 0xFF, jpeg[1] == 0xD8 else { return nil }
        var offset = 2
        // The segments before the first scan; each step moves past a marker, so the loop ends.
        while offset + 4 <= jpeg.count, jpeg[offset] == 0xFF {
            let marker = jpeg[offset + 1]
            switch marker {
            case 0xFF:
                offset += 1  // a fill byte before the marker code
                continue
            case 0x01, 0xD0...0xD7:
                offset += 2  // TEM and RSTn stand alone: no length field
                continue
            case 0xD9, 0xDA:
                return 1
            default:
                break
            }
            let length = Int(jpeg[offset + 2]) << 8 | Int(jpeg[offset + 3])
            guard length >= 2, offset + 2 + length <= jpeg.count else { return 1 }
            let data = jpeg[offset + 4..<offset + 2 + length]
            if marker == 0xE1, data.starts(with: [0x45, 0x78, 0x69, 0x66, 0, 0]) {  // "Exif\0\0"
                return orientation(inTIFF: data.dropFirst(6)) ?? 1
            }
            offset += 2 + length
        }
        return 1
    }

    /// The orientation stored as browsers read it in the first directory of the TIFF structure
    /// `tiff` (an EXIF segment's body), or `nil` when it has none they read.
    private static func orientation(inTIFF tiff: ArraySlice<UInt8>) -> Int? {
        let bytes = Array(tiff)
        let littleEndian: Bool
        if bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) {  // "II*\0"
            littleEndian = true
        } else if bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {  // "MM\0*"
            littleEndian = false
        } else {
            return nil
        }
        func integer(at offset: Int, size: Int) -> Int? {
            guard offset >= 0, offset <= bytes.count - size else { return nil }
            let field = bytes[offset..<offset + size]
            return (littleEndian ? field.reversed() : Array(field)).reduce(0) { $0 << 8 | Int($1) }
        }
        guard let directory = integer(at: 4, size: 4), let count = integer(at: directory, size: 2) else { return nil }
        for entry in 0..<count {
            let start = directory + 2 + entry * 12
            guard let tag = integer(at: start, size: 2), let type = integer(at: start + 2, size: 2),
                let values = integer(at: start + 4, size: 4), let value = integer(at: start + 8, size: 2)
            else { return nil }
            // 0x0112 is the orientation; type 3 is SHORT. A value outside 1 to 8 is drawn upright.
            if tag == 0x0112, type == 3, values == 1 { return (1...8).contains(value) ? value : 1 }
        }
        return nil
    }
}
