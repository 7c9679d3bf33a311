extension ImageStructure {
    /// The compressed data runs from the first start of scan to the end-of-image marker, with
    /// the tables of further scans between; a thumbnail's end marker inside an APP1 segment is
    /// skipped with its segment.
    package static func jpeg(_ data: ByteReader<some ImageBytes>) -> ImageStructure {
        var structure = ImageStructure()
        var tables = JPEGTables()
        var fourComponents = false
        // The first bytes of each chunk of an ICC profile, by its number: a profile may be cut
        // into chunks anywhere, its header too.
        var profileHeads: [Int: [UInt8]] = [:]
        guard
            case .scan(let scanHeader, var offset) = JPEGSegments.walk(
                data, stray: { _ in structure.note("bytes or markers between segments") },
                visit: { marker, at, length in
                    noteJPEGSegment(marker, in: &structure)
                    tables.read(marker, at: at, length: length, in: data)
                    switch marker {
                    case 0xC0...0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF: fourComponents = data.byte(at: at + 7) == 4
                    // A chunk of an ICC profile: "ICC_PROFILE", its number and the count, then
                    // its part of the profile.
                    case 0xE2 where length > 16 && data.matches(Array("ICC_PROFILE\0".utf8), at: at + 2):
                        if let number = data.byte(at: at + 14), profileHeads[number] == nil, profileHeads.count < 256 {
                            profileHeads[number] = data.bytes(at: at + 16, count: min(20, length - 16)) ?? []
                        }
                    default: break
                    }
                    return false
                })
        else { return structure }
        // The first scan's header, which the walk stops at.
        tables.read(0xDA, at: scanHeader, length: offset - scanHeader, in: data)
        structure.scanCount = 1
        // The profile's header, its chunks in order, gives its colour space at byte 16.
        let profileHead = profileHeads.keys.sorted().flatMap { profileHeads[$0] ?? [] }
        structure.hasCMYKProfile = fourComponents && profileHead.count >= 20 && profileHead[16..<20].elementsEqual("CMYK".utf8)
        while let (marker, filled) = nextJPEGMarker(in: data, from: &offset) {
            // Fill bytes: compressed data holds a 0xFF only as `FF 00`, or before a marker.
            if filled { structure.note("fill bytes before a marker") }
            switch marker {
            case 0xD9:
                structure.end = offset
                if let unused = tables.unused { structure.note(unused) }
                return structure
            case 0x00: continue  // a stuffed 0xFF in the data
            case 0x01, 0xD0...0xD7:
                // TEM and restart markers: the build's JPEG has no restart interval.
                structure.note("a marker that stands alone (TEM or RSTn)")
            case 0xD8:
                // A second start of image: Chromium drew the first, WebKit nothing.
                structure.secondStart = offset - 2
                return structure
            default:
                // A table or the header of the next scan.
                guard let length = data.uint16BE(at: offset), length >= 2 else { return structure }
                if marker == 0xDA { structure.scanCount += 1 }
                noteJPEGSegment(marker, in: &structure)
                tables.read(marker, at: offset, length: length, in: data)
                offset += length
            }
        }
        return structure
    }

    /// The tables a JPEG defines (quantization, Huffman) and those its frame and scans use:
    /// a definition no frame or scan uses before the table is defined again or the image ends
    /// (a second table 0, a table after the last scan), or a table segment with bytes after its
    /// tables, holds what draws nothing.
    private struct JPEGTables {
        /// Quantization tables 0 to 3, then DC and AC Huffman tables 0 to 3 each (bits 0 to 11):
        /// those defined and not used since.
        private var pending: UInt16 = 0
        private var overwritten = false
        private var overlong = false

        /// `unused`'s phrase, when a table holds what draws nothing.
        var unused: String? {
            if overlong { return "a table segment holding more than its tables" }
            return overwritten || pending != 0 ? "a table no frame or scan uses" : nil
        }

        private mutating func define(_ bit: UInt16) {
            if pending & bit != 0 { overwritten = true }
            pending |= bit
        }

        /// Reads the segment of `marker` whose length field is at `at`.
        mutating func read(_ marker: Int, at: Int, length: Int, in data: ByteReader<some ImageBytes>) {
            let end = at + length
            var offset = at + 2
            switch marker {
            case 0xDB:  // quantization tables: precision and id, then 64 values of 1 or 2 bytes
                while offset < end, let header = data.byte(at: offset) {
                    define(1 << (header & 0x03))
                    offset += 1 + (header >> 4 == 0 ? 64 : 128)
                }
            case 0xC4:  // Huffman tables: class and id, 16 counts, then that many values
                while offset + 17 <= end, let header = data.byte(at: offset) {
                    let counts = (1...16).reduce(0) { $0 + (data.byte(at: offset + $1) ?? 0) }
                    define(1 << ((header >> 4 == 0 ? 4 : 8) + (header & 0x03)))
                    offset += 17 + counts
                }
            case 0xC0...0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF:  // a frame: each component's quantization table
                guard let components = data.byte(at: at + 7) else { return }
                for index in 0..<components {
                    if let table = data.byte(at: at + 10 + 3 * index) { pending &= ~(1 << (table & 0x03)) }
                }
                return
            case 0xDA:  // a scan: each component's DC table (a first DC scan's: a refinement reads bits
                // without one), AC table (an AC scan's)
                guard let components = data.byte(at: at + 2), let start = data.byte(at: at + 3 + 2 * components),
                    let stop = data.byte(at: at + 4 + 2 * components), let approximation = data.byte(at: at + 5 + 2 * components)
                else { return }
                for index in 0..<components {
                    guard let tables = data.byte(at: at + 4 + 2 * index) else { continue }
                    if start == 0 && approximation >> 4 == 0 { pending &= ~(1 << (4 + (tables >> 4 & 0x03))) }
                    if stop > 0 { pending &= ~(1 << (8 + (tables & 0x03))) }
                }
                return
            default:
                return
            }
            if offset != end { overlong = true }
        }
    }

    /// Notes a segment that does not draw the image: an application segment (EXIF, XMP, the
    /// colour profile, JFIF's thumbnail and a camera's own data are all APPn), a comment, or
    /// one no decoder needs.
    private static func noteJPEGSegment(_ marker: Int, in structure: inout ImageStructure) {
        switch marker {
        // The frame headers of baseline, extended and progressive JPEGs, their Huffman and
        // quantization tables, and scans: what draws what the build makes and phones write.
        // Any other (a number of lines, arithmetic conditioning, a restart interval, another
        // frame type) carries what the build's JPEG never does, and a decoder may skip whole.
        case 0xC0, 0xC1, 0xC2, 0xC4, 0xDB, 0xDA: return
        case 0xE1: structure.note("an APP1 segment (EXIF or XMP)")
        case 0xE2: structure.note("an APP2 segment (a colour profile)")
        case 0xE0...0xEF: structure.note("an APP\(marker - 0xE0) segment")
        case 0xFE: structure.note("a comment")
        default: structure.note("a segment of type 0x\(String(marker, radix: 16, uppercase: true))")
        }
    }

    /// The code after the next 0xFF (fill bytes skipped) from `offset`, which then points past
    /// it, and whether fill bytes preceded it; `nil` when the data ends first. Scans the data
    /// where it is, each byte once: a copy of the 64 KB from each 0xFF (every stuffed `FF 00`
    /// in the data) made a 14 MB JPEG take half a second.
    private static func nextJPEGMarker(in data: ByteReader<some ImageBytes>, from offset: inout Int) -> (marker: Int, filled: Bool)? {
        guard let found = data.firstIndex(of: 0xFF, from: offset) else { return nil }
        offset = found + 1
        while data.byte(at: offset) == 0xFF { offset += 1 }
        guard let marker = data.byte(at: offset) else { return nil }
        offset += 1
        return (marker, offset - found > 2)
    }
}
