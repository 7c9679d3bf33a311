/// Removes the metadata chunks (EXIF, XMP, ICC profile) from a WebP file.
///
/// libvips 8.14's WebP writer writes an EXIF chunk even when told to strip metadata (one it
/// makes from the image's resolution and orientation, after the author's own was removed), so
/// the container is rewritten here without them: `RIFF`, its length, `WEBP`, then every chunk
/// but `EXIF`, `XMP ` and `ICCP`, with the extended header's flags for them cleared. What the
/// browser draws is in the other chunks and does not change.
enum WebPMetadata {
    private static let metadataChunks: Set<[UInt8]> = [Array("EXIF".utf8), Array("XMP ".utf8), Array("ICCP".utf8)]
    /// VP8X flag bits: ICC profile, EXIF, XMP.
    private static let metadataFlags: UInt8 = 0x20 | 0x08 | 0x04

    /// `webp` without its metadata chunks; `webp` itself when it is not a well-formed WebP.
    static func removingMetadata(from webp: [UInt8]) -> [UInt8] {
        guard webp.count >= 12, webp[0..<4].elementsEqual("RIFF".utf8), webp[8..<12].elementsEqual("WEBP".utf8) else { return webp }
        var kept: [UInt8] = []
        var offset = 12
        while offset + 8 <= webp.count {
            let type = Array(webp[offset..<offset + 4])
            let length = webp[offset + 4..<offset + 8].reversed().reduce(0) { $0 << 8 | Int($1) }
            // Chunks are padded to an even length.
            let end = offset + 8 + length + (length & 1)
            guard end <= webp.count else { return webp }
            if !metadataChunks.contains(type) {
                var chunk = Array(webp[offset..<end])
                if type.elementsEqual("VP8X".utf8), chunk.count > 8 { chunk[8] &= ~metadataFlags }
                kept += chunk
            }
            offset = end
        }
        let length = UInt32(4 + kept.count)
        return Array("RIFF".utf8) + withUnsafeBytes(of: length.littleEndian, Array.init) + Array("WEBP".utf8) + kept
    }
}
