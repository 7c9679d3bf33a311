extension ImageStructure {
    /// The chunks that draw a WebP or animate it; `EXIF`, `XMP ` and `ICCP` and any other are
    /// extras.
    private static let webpDrawingChunks: Set<String> = ["VP8 ", "VP8L", "VP8X", "ALPH", "ANIM", "ANMF"]
    /// What an animation frame (`ANMF`) holds after its 16-byte header.
    private static let webpFrameChunks: Set<String> = ["VP8 ", "VP8L", "ALPH"]
    /// `VP8X` flag bits: an ICC profile, EXIF and XMP are in the file.
    private static let webpMetadataFlags = 0x20 | 0x08 | 0x04

    /// `RIFF`, the length of what follows, `WEBP`, then chunks (a type, a length, the data,
    /// padded to an even length) to that end.
    package static func webp(_ data: ByteReader<some ImageBytes>) -> ImageStructure {
        var structure = ImageStructure()
        guard let riffLength = data.uint32LE(at: 4), data.count >= 8 + riffLength else { return structure }
        let end = 8 + riffLength
        var offset = 12
        var frames = 0
        var isAnimated = false
        var (extended, sawImage) = (false, false)
        while offset < end {
            guard let typeBytes = data.bytes(at: offset, count: 4), let length = data.uint32LE(at: offset + 4),
                offset + 8 + length <= end
            else { return structure }
            let type = String(decoding: typeBytes, as: UTF8.self)
            // A decoder reads a still's image chunk and what comes before it (an extended
            // file's alpha): a drawing chunk after it, or an alpha chunk in a simple file, is
            // read by none.
            if webpDrawingChunks.contains(type) && (sawImage || (type == "ALPH" && !extended)) {
                structure.note("a '\(printable(typeBytes))' chunk no decoder reads")
            }
            if type == "VP8 " || type == "VP8L" { sawImage = true }
            switch type {
            case "VP8X":
                extended = true
                // Flags (1) and reserved (3), then 24-bit canvas width-1 and height-1.
                if let flags = data.byte(at: offset + 8), let width = data.uint24LE(at: offset + 12), let height = data.uint24LE(at: offset + 15) {
                    isAnimated = flags & 0x02 != 0
                    if flags & webpMetadataFlags != 0 { structure.note("a header that announces metadata") }
                    structure.canvas = ImageSize(width: width + 1, height: height + 1)
                }
            case "ANMF":
                // X and Y offsets (in units of 2 pixels), width-1 and height-1: 24 bits each.
                if let left = data.uint24LE(at: offset + 8), let top = data.uint24LE(at: offset + 11),
                    let width = data.uint24LE(at: offset + 14), let height = data.uint24LE(at: offset + 17)
                {
                    structure.add(Frame(left: 2 * left, top: 2 * top, width: width + 1, height: height + 1))
                }
                frames += 1
                if isAnimated && frames > ImageCompleteness.maximumFrames {
                    structure.frameCount = frames
                    return structure
                }
                noteWebPFrameChunks(data, from: offset + 24, to: offset + 8 + length, in: &structure)
            default:
                if !webpDrawingChunks.contains(type) { structure.note("a '\(printable(typeBytes))' chunk") }
            }
            offset += 8 + length + (length & 1)
        }
        structure.end = end
        structure.frameCount = isAnimated ? frames : 1
        return structure
    }

    /// Notes what an animation frame holds besides its image data and its alpha.
    private static func noteWebPFrameChunks(_ data: ByteReader<some ImageBytes>, from start: Int, to end: Int, in structure: inout ImageStructure) {
        var offset = start
        while offset + 8 <= end, let typeBytes = data.bytes(at: offset, count: 4), let length = data.uint32LE(at: offset + 4) {
            if !webpFrameChunks.contains(String(decoding: typeBytes, as: UTF8.self)) {
                structure.note("a '\(printable(typeBytes))' chunk in a frame")
            }
            offset += 8 + length + (length & 1)
        }
    }
}
