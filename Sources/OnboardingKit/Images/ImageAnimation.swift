/// Whether a PNG or WebP moves: an animated PNG has an `acTL` chunk before its image data, an
/// animated WebP sets the animation flag of its `VP8X` header. A thumbnail of a moving image
/// keeps its first frame only, so the build publishes those as they are, as it does GIFs (which
/// it never resizes).
enum ImageAnimation {
    static func isAnimated(_ source: some ImageBytes, format: ImageFormat) -> Bool {
        let data = ByteReader(source)
        switch format {
        case .webp:
            return data.matches(Array("VP8X".utf8), at: 12) && (data.byte(at: 20) ?? 0) & 0x02 != 0
        case .png:
            // Chunks from the first after the signature, until the image data starts.
            var offset = 8
            while let length = data.uint32BE(at: offset), let type = data.bytes(at: offset + 4, count: 4) {
                if type == Array("acTL".utf8) { return true }
                if type == Array("IDAT".utf8) || type == Array("IEND".utf8) { return false }
                offset += 12 + length
            }
            return false
        default:
            return false
        }
    }
}
