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
        guard status == 0, let bytes else {
            let said = FontLibraries.text(of: message)
            // The decoder says nothing of why it failed (Debian's prints nothing): the reason
            // is found here.
            guard said == "the woff2 decoder cannot decode it" else { throw FontProcessingFailure(said) }
            throw FontProcessingFailure(said + ": " + whyNotDecoded(woff2, limit: limit))
        }
        defer { cfonts_free(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: length))
    }

    /// Why a WOFF2 file the decoder refused is damaged: its header or directory, its Brotli
    /// stream, or, when that decompresses, the tables in it.
    static func whyNotDecoded(_ woff2: [UInt8], limit: Int) -> String {
        let stream: (offset: Int, length: Int, decompressedLength: Int)
        do {
            stream = try WOFF2Header.compressedTables(of: woff2)
        } catch {
            return error.description
        }
        guard stream.decompressedLength <= limit else {
            return "its tables are \(stream.decompressedLength) bytes decompressed, over the \(limit >> 20) MB the build takes of a font"
        }
        let decompresses = woff2.withUnsafeBufferPointer {
            cfonts_brotli_decompresses($0.baseAddress.map { $0 + stream.offset }, stream.length, stream.decompressedLength)
        }
        switch decompresses {
        case 0:
            return
                "its compressed tables (\(stream.length) bytes at byte \(stream.offset)) are damaged: they do not decompress to the \(stream.decompressedLength) bytes its directory says"
        case 1:
            return
                "its tables decompress, but do not make a font: a transformed table ('glyf', 'loca' or 'hmtx') is damaged, or disagrees with the directory's lengths"
        default: return "out of memory"
        }
    }
}
