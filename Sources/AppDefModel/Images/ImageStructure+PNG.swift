extension ImageStructure {
    /// The chunks that draw a PNG, or animate it; `pHYs` (the pixel density, which libvips
    /// writes) says nothing of the author. Every other chunk is an extra: text, EXIF, the
    /// colour profile, times...
    private static let pngDrawingChunks: Set<String> = ["IHDR", "PLTE", "tRNS", "IDAT", "IEND", "acTL", "fcTL", "fdAT", "pHYs"]

    /// The length of each drawing chunk of one length: one longer holds more than it says
    /// (a cached file's `pHYs` carried a payload past its 9 bytes).
    private static let pngChunkLengths: [String: Int] = ["IHDR": 13, "pHYs": 9, "acTL": 8, "fcTL": 26, "IEND": 0]

    /// The chunks, each a length, a type, its data and a CRC, follow one another up to `IEND`.
    package static func png(_ data: ByteReader<some ImageBytes>) -> ImageStructure {
        var structure = ImageStructure()
        if let width = data.uint32BE(at: 16), let height = data.uint32BE(at: 20) { structure.canvas = ImageSize(width: width, height: height) }
        // IHDR's colour type, after its width, height and bit depth.
        let colourType = data.byte(at: 25)
        var offset = 8
        var sawAnimation = false
        var sawImageData = false
        var frames = 0
        var defaultImageIsAFrame = false
        chunks: while let length = data.uint32BE(at: offset), let typeBytes = data.bytes(at: offset + 4, count: 4) {
            // Anything else is no chunk: without this, zeros after the image data read as
            // empty chunks, 12 bytes at a time, to the end of the file.
            guard typeBytes.allSatisfy(isASCIILetter) else {
                structure.brokenAt = offset
                break
            }
            let next = offset + 12 + length
            guard next <= data.count else { break }
            let type = String(decoding: typeBytes, as: UTF8.self)
            if ["acTL", "fcTL", "fdAT"].contains(type) { structure.hasPNGAnimationChunks = true }
            let holdsMore =
                pngChunkLengths[type].map { length != $0 } ?? (type == "PLTE" ? length > 768 || length % 3 != 0 : type == "tRNS" && length > 256)
            if holdsMore { structure.note("a '\(type)' chunk of \(length) bytes, more than it holds") }
            // A palette draws only an image of palette colours (type 3), and a transparency
            // chunk none with an alpha channel (types 4 and 6): in another, what they hold is
            // nobody's pixels.
            if (type == "PLTE" && colourType != 3) || (type == "tRNS" && (colourType == 4 || colourType == 6)) {
                structure.note("a '\(type)' chunk in an image of colour type \(colourType.map(String.init) ?? "unknown"), which draws nothing with it")
            }
            switch type {
            case "IEND":
                structure.end = next
            case "acTL":
                // Decoders ignore one after the image data starts.
                if !sawImageData { sawAnimation = true }
            case "IDAT":
                sawImageData = true
            case "fcTL":
                // Sequence number, width, height, x and y offsets: 4 bytes each.
                if let width = data.uint32BE(at: offset + 12), let height = data.uint32BE(at: offset + 16),
                    let left = data.uint32BE(at: offset + 20), let top = data.uint32BE(at: offset + 24)
                {
                    structure.add(Frame(left: left, top: top, width: width, height: height))
                }
                if frames == 0 && !sawImageData { defaultImageIsAFrame = true }
                frames += 1
                if sawAnimation && frames > ImageCompleteness.maximumFrames { break chunks }
            default:
                if !pngDrawingChunks.contains(type) { structure.note("a '\(printable(typeBytes))' chunk") }
            }
            if structure.end != nil { break }
            offset = next
        }
        if sawAnimation {
            structure.frameCount = max(frames, 1)
            structure.isAnimatedPNG = frames > 1 || (frames == 1 && !defaultImageIsAFrame)
        }
        return structure
    }

    /// Whether a byte is a letter of a chunk's type: `A` to `Z` or `a` to `z`.
    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// A chunk's four-letter type as text: its letters, anything else as `?`.
    static func printable(_ type: [UInt8]) -> String {
        String(type.map { (0x20...0x7E).contains($0) ? Character(Unicode.Scalar($0)) : "?" })
    }
}
