/// The marker segments at the head of a JPEG, before its compressed data: what both its size
/// (in the start-of-frame segment) and the check that it is whole (from the start of scan on)
/// need to walk.
enum JPEGSegments {
    /// Where a walk ended.
    enum End: Equatable {
        /// `visit` asked to stop.
        case stopped
        /// At the first start-of-scan, its length field at `headerOffset`; its compressed data
        /// begins at `dataOffset`.
        case scan(headerOffset: Int, dataOffset: Int)
        /// The structure is broken or the file ends before a start-of-scan.
        case broken
    }

    /// Calls `visit` with each segment's marker, the offset of its length field and that
    /// length, in order, until `visit` returns `true` or the first start-of-scan; `stray` with
    /// the offset of what stands between segments and is skipped: bytes that are no marker,
    /// markers that stand alone, fill bytes.
    ///
    /// Bytes that are no marker between two segments (and `FF 00`) are skipped to the next
    /// marker, as libjpeg skips them (with a warning), and Chromium and WebKit, which decode
    /// with it, draw the image; libvips reads it too. Right after the start marker they make
    /// the file no JPEG: browsers know one by its first three bytes, `FF D8 FF`. Markers that
    /// stand alone (TEM, RSTn, another SOI) and 0xFF fill bytes before a marker, which libjpeg
    /// passes over without a warning, are no part of a JPEG the build writes either.
    static func walk(
        _ data: ByteReader<some ImageBytes>, stray: (_ offset: Int) -> Void = { _ in },
        visit: (_ marker: Int, _ offset: Int, _ length: Int) -> Bool
    ) -> End {
        guard data.matches([0xFF, 0xD8, 0xFF], at: 0) else { return .broken }
        var offset = 2
        // Every iteration moves `offset` forward by at least one byte, so the loop ends.
        while true {
            if data.byte(at: offset) != 0xFF {
                guard let next = data.firstIndex(of: 0xFF, from: offset) else { return .broken }
                stray(offset)
                offset = next
            }
            // Any number of 0xFF fill bytes may precede a marker code.
            let markerStart = offset
            while data.byte(at: offset) == 0xFF { offset += 1 }
            if offset > markerStart + 1 { stray(markerStart) }
            guard let marker = data.byte(at: offset) else { return .broken }
            offset += 1
            switch marker {
            case 0x00, 0x01, 0xD0...0xD8:
                // A stuffed 0xFF as in compressed data (no marker); TEM, RSTn and SOI stand
                // alone, without a length field.
                stray(offset - 2)
                continue
            case 0xD9:
                return .broken  // an end of image before any scan is no image.
            default:
                break
            }
            guard let length = data.uint16BE(at: offset), length >= 2 else { return .broken }
            if marker == 0xDA { return .scan(headerOffset: offset, dataOffset: offset + length) }
            if visit(marker, offset, length) { return .stopped }
            offset += length
        }
    }
}
