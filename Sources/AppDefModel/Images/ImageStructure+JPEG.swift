extension ImageStructure {
    /// The compressed data runs from the first start of scan to the end-of-image marker, with
    /// the tables of further scans between; a thumbnail's end marker inside an APP1 segment is
    /// skipped with its segment.
    package static func jpeg(_ data: ByteReader<some ImageBytes>) -> ImageStructure {
        var structure = ImageStructure()
        guard
            case .scan(var offset) = JPEGSegments.walk(
                data,
                visit: { marker, _, _ in
                    noteJPEGSegment(marker, in: &structure)
                    return false
                })
        else { return structure }
        structure.scanCount = 1
        while let marker = nextJPEGMarker(in: data, from: &offset) {
            switch marker {
            case 0xD9:
                structure.end = offset
                return structure
            case 0x00, 0x01, 0xD0...0xD7: continue  // a stuffed 0xFF in the data, TEM, a restart
            default:
                // A table or the header of the next scan: skip it whole, whatever it holds.
                guard let length = data.uint16BE(at: offset), length >= 2 else { return structure }
                if marker == 0xDA { structure.scanCount += 1 }
                noteJPEGSegment(marker, in: &structure)
                offset += length
            }
        }
        return structure
    }

    /// Notes a segment that does not draw the image: an application segment (EXIF, XMP, the
    /// colour profile, JFIF's thumbnail and a camera's own data are all APPn), a comment, or
    /// one no decoder needs.
    private static func noteJPEGSegment(_ marker: Int, in structure: inout ImageStructure) {
        switch marker {
        case 0xC0...0xCF, 0xDA...0xDD: return  // frame headers, tables, scans, restart interval
        case 0xE1: structure.note("an APP1 segment (EXIF or XMP)")
        case 0xE2: structure.note("an APP2 segment (a colour profile)")
        case 0xE0...0xEF: structure.note("an APP\(marker - 0xE0) segment")
        case 0xFE: structure.note("a comment")
        default: structure.note("a segment of type 0x\(String(marker, radix: 16, uppercase: true))")
        }
    }

    /// The code after the next 0xFF (fill bytes skipped) from `offset`, which then points past
    /// it; `nil` when the data ends first. Scans the data where it is, each byte once: a copy
    /// of the 64 KB from each 0xFF (every stuffed `FF 00` in the data) made a 14 MB JPEG take
    /// half a second.
    private static func nextJPEGMarker(in data: ByteReader<some ImageBytes>, from offset: inout Int) -> Int? {
        guard let found = data.firstIndex(of: 0xFF, from: offset) else { return nil }
        offset = found + 1
        while data.byte(at: offset) == 0xFF { offset += 1 }
        guard let marker = data.byte(at: offset) else { return nil }
        offset += 1
        return marker
    }
}
