/// The EXIF orientation a JPEG is drawn with in browsers, which libvips does not always read
/// the same way.
///
/// Chromium and WebKit read the orientation from the first APP1 segment that holds EXIF, in its
/// first directory, and only as the format stores it: type SHORT, one value, 1 to 8. libvips
/// reads EXIF through libexif, which takes the tag in any integer type (LONG, BYTE, SSHORT,
/// SLONG) and any count: a JPEG of 400×200 whose orientation 6 was written as a LONG was drawn
/// as stored by Chromium 156 and WebKitGTK 2.50, and published turned, 200×400. Browsers also
/// take a segment marked "Exif\0" and any sixth byte as EXIF (libvips needs a zero there), and
/// read whole 12-byte entries only.
enum JPEGOrientation {
    /// The orientation (1, upright, to 8) browsers draw the JPEG in `jpeg` with; `nil` when it
    /// is no JPEG.
    static func asBrowsersRead(_ jpeg: [UInt8]) -> Int? {
        guard jpeg.starts(with: [0xFF, 0xD8, 0xFF]) else { return nil }
        var offset = 2
        // The segments before the first scan; each step moves past a byte at least, so the
        // loop ends.
        while offset < jpeg.count {
            // Bytes between segments are skipped to the next marker, as libjpeg skips them.
            guard let markerStart = jpeg[offset...].firstIndex(of: 0xFF) else { return 1 }
            // Any number of 0xFF fill bytes may precede a marker code.
            guard let code = jpeg[markerStart...].firstIndex(where: { $0 != 0xFF }) else { return 1 }
            let marker = jpeg[code]
            offset = code + 1
            switch marker {
            case 0x00, 0x01, 0xD0...0xD8:
                continue  // a stuffed 0xFF (skipped as stray), TEM, RSTn and SOI: no length field
            case 0xD9, 0xDA:
                return 1
            default:
                break
            }
            guard offset + 2 <= jpeg.count else { return 1 }
            let length = Int(jpeg[offset]) << 8 | Int(jpeg[offset + 1])
            guard length >= 2, offset + length <= jpeg.count else { return 1 }
            let data = jpeg[offset + 2..<offset + length]
            // "Exif\0" and a byte browsers skip (the format's second zero).
            if marker == 0xE1, data.count >= 6, data.starts(with: [0x45, 0x78, 0x69, 0x66, 0]) {
                return orientation(inTIFF: data.dropFirst(6)) ?? 1
            }
            offset += length
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
            // Browsers read whole entries only: a directory cut short ends at its last whole one.
            guard start <= bytes.count - 12 else { return nil }
            guard let tag = integer(at: start, size: 2), let type = integer(at: start + 2, size: 2),
                let values = integer(at: start + 4, size: 4), let value = integer(at: start + 8, size: 2)
            else { return nil }
            // 0x0112 is the orientation; type 3 is SHORT. A value outside 1 to 8 is drawn upright.
            if tag == 0x0112, type == 3, values == 1 { return (1...8).contains(value) ? value : 1 }
        }
        return nil
    }
}
