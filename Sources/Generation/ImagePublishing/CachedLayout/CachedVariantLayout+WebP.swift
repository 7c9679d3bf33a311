extension CachedVariantLayout {
    /// The build's WebP, as libwebp writes it for libvips: a RIFF file of exactly its chunks,
    /// each padded to an even length with a zero byte. A still: `VP8X` (its flags an alpha
    /// flag at most) then a lossy frame (`VP8 ` with or without `ALPH` before it), or that
    /// frame alone. An animation: `VP8X` (animation and alpha flags at most), `ANIM` of libwebp's
    /// white background, then `ANMF` frames inside the canvas, each holding such a frame and
    /// nothing else. A `VP8X` or `ANIM` chunk longer than its fields decoded without a word in
    /// libwebp (Chromium refused a 4 KB `VP8X`); their reserved bytes are as free.
    static func webPProblem(_ webp: [UInt8], width: Int, height: Int, animated: Bool) -> String? {
        guard webp.count >= 12, webp.littleEndianInteger(at: 4, size: 4) == webp.count - 8 else {
            return "has a RIFF length other than its file's"
        }
        guard let chunks = webPChunks(webp, from: 12, to: webp.count) else { return "has a chunk that overruns it, or a padding byte that is not zero" }
        let types = chunks.map(\.type)
        if types == ["VP8 "] {
            return animated ? "is a still" : isWebPFrame(webp, chunks[...], width: width, height: height) ? nil : "has a frame other than the build's"
        }
        guard let header = chunks.first, header.type == "VP8X", header.length == 10 else {
            return "has no extended header (VP8X) of the build's length"
        }
        let flags = webp[header.data]
        // Reserved bits and bytes zero; the animation flag (0x02) as the variant is, alpha (0x10)
        // free: ICC (0x20), EXIF (0x08) and XMP (0x04) never.
        guard flags & ~0x12 == 0, (flags & 0x02 != 0) == animated, webp[header.data + 1..<header.data + 4].allSatisfy({ $0 == 0 }),
            webp.littleEndianInteger(at: header.data + 4, size: 3) == width - 1, webp.littleEndianInteger(at: header.data + 7, size: 3) == height - 1
        else { return "has an extended header (VP8X) other than the build's" }
        let body = Array(chunks.dropFirst())
        guard animated else {
            return isWebPFrame(webp, body[...], width: width, height: height, alpha: flags & 0x10 != 0 ? .required : .none)
                ? nil : "holds chunks other than one frame's"
        }
        guard let animation = body.first, animation.type == "ANIM", animation.length == 6,
            webp[animation.data..<animation.data + 4].allSatisfy({ $0 == 0xFF })
        else { return "has an animation header (ANIM) other than the build's" }
        let frames = body.dropFirst()
        guard !frames.isEmpty else { return "has no frame" }
        for frame in frames {
            guard frame.type == "ANMF", frame.length >= 16,
                let x = webp.littleEndianInteger(at: frame.data, size: 3), let y = webp.littleEndianInteger(at: frame.data + 3, size: 3),
                let frameWidth = webp.littleEndianInteger(at: frame.data + 6, size: 3),
                let frameHeight = webp.littleEndianInteger(at: frame.data + 9, size: 3),
                2 * x + frameWidth + 1 <= width, 2 * y + frameHeight + 1 <= height,
                // Blending and disposal (bits 0 and 1) as libwebp chose them; the rest reserved.
                webp[frame.data + 15] & ~0x03 == 0,
                let inner = webPChunks(webp, from: frame.data + 16, to: frame.data + frame.length),
                isWebPFrame(webp, inner[...], width: frameWidth + 1, height: frameHeight + 1, alpha: .optional)
            else { return "has a frame (ANMF) other than the build's" }
        }
        return nil
    }

    /// Whether `chunks` are a frame as libwebp writes it lossy for libvips: `VP8 `, with its
    /// alpha in `ALPH` before it when `alpha` allows, of `width`×`height`. The alpha's header
    /// byte: no pre-processing (a hint decoders pass over), its filter and compression as
    /// libwebp chose them; the `VP8 ` key frame's size without its scale bits, which
    /// decoders pass over too. libwebp writes no lossless (`VP8L`) frame for the build.
    private static func isWebPFrame(
        _ webp: [UInt8], _ chunks: ArraySlice<(type: String, data: Int, length: Int)>, width: Int, height: Int, alpha: WebPAlpha = .none
    ) -> Bool {
        guard let image = chunks.last, image.type == "VP8 ", image.length >= 10,
            // The frame tag: a key frame (bit 0 clear) of a version libwebp writes, 0 to 2 as
            // its loop filter is (decoders read 3 alike), shown (bit 4); then the start code,
            // the 14-bit width and height, scale bits 0.
            webp[image.data] & 0x11 == 0x10, webp[image.data] >> 1 & 0x07 <= 2, webp[image.data + 3..<image.data + 6].elementsEqual([0x9D, 0x01, 0x2A]),
            webp.littleEndianInteger(at: image.data + 6, size: 2) == width, webp.littleEndianInteger(at: image.data + 8, size: 2) == height
        else { return false }
        guard chunks.count == 2 else { return chunks.count == 1 && alpha != .required }
        let header = chunks[chunks.startIndex]
        // Compression 0 (libwebp keeps the alpha raw when compressing makes it larger), then
        // exactly a byte a pixel (libwebp reads that many and drops the rest without a word:
        // planted bytes after them were published), or 1.
        guard alpha != .none, header.type == "ALPH", header.length > 0, webp[header.data] & 0xF0 == 0 else { return false }
        switch webp[header.data] & 0x03 {
        case 0: return header.length == 1 + width * height
        case 1: return true
        default: return false
        }
    }

    /// Whether a frame has its alpha in an `ALPH` chunk: a still's as its header's alpha flag
    /// says (libwebp sets the flag when it writes the chunk, and a flag without the chunk
    /// carried a bit); an animation frame's as libwebp chose for it.
    enum WebPAlpha {
        case none, required, optional
    }

    /// The chunks from `start` to `end` (each a four-letter type, a length and its data, padded
    /// to even with a zero byte), filling them exactly; `nil` when they do not.
    private static func webPChunks(_ webp: [UInt8], from start: Int, to end: Int) -> [(type: String, data: Int, length: Int)]? {
        var chunks: [(type: String, data: Int, length: Int)] = []
        var offset = start
        while offset < end {
            guard end - offset >= 8, let length = webp.littleEndianInteger(at: offset + 4, size: 4), length <= end - offset - 8 else { return nil }
            let padded = length + length % 2
            guard padded <= end - offset - 8, length % 2 == 0 || webp[offset + 8 + length] == 0 else { return nil }
            chunks.append((String(decoding: webp[offset..<offset + 4], as: UTF8.self), offset + 8, length))
            offset += 8 + padded
        }
        return chunks
    }
}
