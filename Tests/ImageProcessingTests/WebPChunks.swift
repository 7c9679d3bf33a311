/// A lossy WebP's image rewritten as an extended WebP ('VP8X') with chunks of the tests' own: a
/// colour profile, EXIF. libvips writes extended WebPs already (a 'VP8X' first); the 'VP8 '
/// chunk is taken from among its chunks.
enum WebPChunks {
    static func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }

    static func chunk(_ tag: String, _ data: [UInt8]) -> [UInt8] {
        Array(tag.utf8) + le32(data.count) + data + (data.count % 2 == 1 ? [0] : [])
    }

    /// `webp`'s image in an extended WebP whose 'VP8X' has `flags` (0x20 a profile, 0x08 EXIF),
    /// with `before` chunks before the image ('ICCP') and `after` ones after it ('EXIF').
    static func extended(_ webp: [UInt8], flags: UInt8, before: [(String, [UInt8])] = [], after: [(String, [UInt8])] = []) -> [UInt8] {
        var at = 12
        var vp8: [UInt8] = []
        while at + 8 <= webp.count {
            let size = Int(webp[at + 4]) | Int(webp[at + 5]) << 8 | Int(webp[at + 6]) << 16 | Int(webp[at + 7]) << 24
            if String(decoding: webp[at..<at + 4], as: UTF8.self) == "VP8 " { vp8 = Array(webp[at + 8..<at + 8 + size]) }
            at += 8 + size + size % 2
        }
        // VP8's frame header: after the 3-byte frame tag and the start code, 14 bits each of width and height.
        let width = Int(vp8[6]) | Int(vp8[7] & 0x3F) << 8
        let height = Int(vp8[8]) | Int(vp8[9] & 0x3F) << 8
        let canvas = Array(le32(width - 1).prefix(3)) + Array(le32(height - 1).prefix(3))
        let body =
            Array("WEBP".utf8) + chunk("VP8X", [flags, 0, 0, 0] + canvas) + before.flatMap { chunk($0.0, $0.1) } + chunk("VP8 ", vp8)
            + after.flatMap { chunk($0.0, $0.1) }
        return Array("RIFF".utf8) + le32(body.count) + body
    }

    /// `webp`'s image with an EXIF orientation of 6 (turn a quarter clockwise).
    static func withOrientation6(_ webp: [UInt8]) -> [UInt8] {
        let tiff: [UInt8] = Array("MM".utf8) + [0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0]
        return extended(webp, flags: 0x08, after: [("EXIF", tiff)])
    }

    /// `webp`'s image with the colour profile `profile`.
    static func withProfile(_ webp: [UInt8], _ profile: [UInt8]) -> [UInt8] {
        extended(webp, flags: 0x20, before: [("ICCP", profile)])
    }
}

/// ICC profiles (version 2, a display's or a printer's) made by hand, which lcms reads.
enum HandMadeProfiles {
    private static func u32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
    private static func tag(_ text: String) -> [UInt8] { Array(text.utf8) }
    private static func xyz(_ x: UInt32, _ y: UInt32, _ z: UInt32) -> [UInt8] { tag("XYZ ") + u32(0) + u32(x) + u32(y) + u32(z) }
    /// D50, in s15Fixed16.
    private static let d50 = xyz(0x0000_F6D6, 0x0001_0000, 0x0000_D32D)
    /// A gamma 2.2 curve.
    private static let curve = tag("curv") + u32(0) + u32(1) + [0x02, 0x33, 0, 0]

    /// Grey, gamma 2.2.
    static let grey = profile(space: "GRAY", tags: [("wtpt", d50), ("kTRC", curve)])

    /// RGB with sRGB's red and blue primaries (D50-adapted) swapped: a red pixel tagged with
    /// it is a blue one.
    static let redAsBlue = profile(
        space: "RGB ",
        tags: [
            ("wtpt", d50), ("rXYZ", xyz(0x0000_24A0, 0x0000_0F84, 0x0000_B6CF)), ("gXYZ", xyz(0x0000_6296, 0x0000_B74F, 0x0000_18DA)),
            ("bXYZ", xyz(0x0000_6FA2, 0x0000_38F5, 0x0000_0390)), ("rTRC", curve), ("gTRC", curve), ("bTRC", curve),
        ])

    /// CMYK (a printer's, Lab to Lab through an 8-bit table) whose cyan ink prints red: a
    /// cyan pixel tagged with it is a red one. Its other inks print roughly their own colours.
    static let cyanAsRed: [UInt8] = {
        // Lab as 8 bits: L * 255 / 100, then a + 128 and b + 128.
        let (white, black, red): ([UInt8], [UInt8], [UInt8]) = ([255, 128, 128], [0, 128, 128], [138, 208, 195])
        let (magenta, yellow, blue, green): ([UInt8], [UInt8], [UInt8], [UInt8]) = ([153, 226, 68], [247, 107, 222], [77, 196, 16], [140, 48, 188])
        // A 2-point grid of C, M, Y, K, C varying slowest; black ink makes black.
        var grid: [UInt8] = []
        for cyan in 0...1 {
            for magentaInk in 0...1 {
                for yellowInk in 0...1 {
                    for blackInk in 0...1 {
                        switch (cyan, magentaInk, yellowInk, blackInk) {
                        case (_, _, _, 1), (1, 1, 1, _): grid += black
                        case (0, 0, 0, 0): grid += white
                        case (1, 0, 0, 0), (0, 1, 1, 0): grid += red
                        case (0, 1, 0, 0): grid += magenta
                        case (0, 0, 1, 0): grid += yellow
                        case (1, 1, 0, 0): grid += blue
                        default: grid += green
                        }
                    }
                }
            }
        }
        let identity = [1, 0, 0, 0, 1, 0, 0, 0, 1].flatMap { u32(UInt32($0) << 16) }
        let ramp = (0...255).map(UInt8.init)
        let table =
            tag("mft1") + u32(0) + [4, 3, 2, 0] + identity + Array(repeating: ramp, count: 4).flatMap { $0 } + grid
            + Array(repeating: ramp, count: 3).flatMap { $0 }
        return profile(space: "CMYK", deviceClass: "prtr", connection: "Lab ", tags: [("wtpt", d50), ("A2B0", table)])
    }()

    /// A CMYK printer's profile without a table to turn its colours by: lcms cannot use it,
    /// and browsers ignore it.
    static let cmykWithoutTables = profile(space: "CMYK", deviceClass: "prtr", connection: "Lab ", tags: [("wtpt", d50)])

    private static func profile(space: String, deviceClass: String = "mntr", connection: String = "XYZ ", tags given: [(String, [UInt8])]) -> [UInt8] {
        let name = Array("Test".utf8) + [0]
        let description = tag("desc") + u32(0) + u32(UInt32(name.count)) + name + u32(0) + u32(0) + [0, 0, 0] + [UInt8](repeating: 0, count: 67)
        let tags = [("desc", description)] + given
        var offset = 128 + 4 + 12 * tags.count
        var table = u32(UInt32(tags.count))
        var data: [UInt8] = []
        for (name, bytes) in tags {
            table += tag(name) + u32(UInt32(offset)) + u32(UInt32(bytes.count))
            let padded = bytes + [UInt8](repeating: 0, count: (4 - bytes.count % 4) % 4)
            data += padded
            offset += padded.count
        }
        let header =
            u32(UInt32(offset)) + u32(0) + u32(0x0210_0000) + tag(deviceClass) + tag(space) + tag(connection) + [UInt8](repeating: 0, count: 12)
            + tag("acsp") + [UInt8](repeating: 0, count: 28) + d50.suffix(12) + [UInt8](repeating: 0, count: 48)
        return header + table + data
    }
}

/// A JPEG with a segment of the tests' own.
enum JPEGSegments {
    /// `jpeg` with the colour profile `profile` in an APP2 'ICC_PROFILE' segment (one chunk of
    /// one) after its start marker.
    static func withProfile(_ jpeg: [UInt8], _ profile: [UInt8]) -> [UInt8] {
        let body = Array("ICC_PROFILE".utf8) + [0, 1, 1] + profile
        let length = body.count + 2
        return Array(jpeg.prefix(2)) + [0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)] + body + Array(jpeg.dropFirst(2))
    }

    /// An EXIF segment (APP1) whose first directory holds one entry, the orientation `value`,
    /// stored with TIFF type `type` (3 is SHORT, as the format says; 1 BYTE, 4 LONG, 8 SSHORT,
    /// 9 SLONG) and count `count`, in little- or big-endian order.
    static func exifOrientation(_ value: Int, type: Int = 3, count: Int = 1, bigEndian: Bool = false) -> [UInt8] {
        func integer(_ number: Int, size: Int) -> [UInt8] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: number >> (8 * $0)) }
            return bigEndian ? bytes.reversed() : bytes
        }
        // The value sits left-aligned in the entry's four bytes, in its type's size.
        let size = [1: 1, 3: 2, 4: 4, 6: 1, 8: 2, 9: 4][type] ?? 2
        let field = integer(value, size: size) + [UInt8](repeating: 0, count: 4 - size)
        let tiff =
            (bigEndian ? Array("MM".utf8) : Array("II".utf8)) + integer(42, size: 2) + integer(8, size: 4)
            + integer(1, size: 2) + integer(0x0112, size: 2) + integer(type, size: 2) + integer(count, size: 4) + field + integer(0, size: 4)
        let body = Array("Exif".utf8) + [0, 0] + tiff
        let length = body.count + 2
        return [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + body
    }

    /// `jpeg` with `segments` after its start marker, in their order.
    static func with(_ jpeg: [UInt8], segments: [[UInt8]]) -> [UInt8] {
        Array(jpeg.prefix(2)) + segments.flatMap { $0 } + Array(jpeg.dropFirst(2))
    }
}
