internal import CFonts

/// WOFF2 with Google's woff2 library: an sfnt compressed (Brotli, at its highest quality, with
/// the format's glyph transforms), and a WOFF2 file decoded back to its sfnt.
enum WOFF2Codec {
    static func encode(_ sfnt: [UInt8]) throws(FontProcessingFailure) -> [UInt8] {
        try FontLibraries.require(FontLibraries.woff2)
        var bytes: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = [CChar](repeating: 0, count: 512)
        let status = sfnt.withUnsafeBufferPointer { cfonts_woff2_encode($0.baseAddress, $0.count, &bytes, &length, &message, message.count) }
        guard status == 0, let bytes else { throw FontProcessingFailure(FontLibraries.text(of: message)) }
        defer { cfonts_free(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: length))
    }

    /// The sfnt `woff2` holds, at most `limit` bytes.
    static func decode(_ woff2: [UInt8], limit: Int = FontFileStructure.largestFont) throws(FontProcessingFailure) -> [UInt8] {
        try FontLibraries.require(FontLibraries.woff2)
        var bytes: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = [CChar](repeating: 0, count: 512)
        let status = woff2.withUnsafeBufferPointer {
            cfonts_woff2_decode($0.baseAddress, $0.count, limit, &bytes, &length, &message, message.count)
        }
        guard status == 0, let bytes else { throw FontProcessingFailure(FontLibraries.text(of: message)) }
        defer { cfonts_free(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: length))
    }
}
