#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns each carriage return that ends a line by itself into a line feed, in the text on its
/// way to the scanner and libxml2.
///
/// A line ends at LF, CR LF or CR alone: so says XML, and so do editors. The scanner counts
/// lines at LF only, and so does libxml2 2.9 in its positions (it turns CR into LF in the text
/// it reports, not in its line count): in a file with CR line ends every position was on line 1.
/// Making the lone CR a LF first changes nothing else, since XML reads both as a line feed
/// (in attribute values both become a space), and it keeps the scanner's loops on one byte.
/// CR LF is left as it is. A CR ending a piece of text becomes a LF at once; when the next piece
/// starts with a LF, that LF is dropped, which reads the same as CR LF.
struct LineEndNormalizer {
    /// Whether the last piece ended with a CR made a LF.
    private var endedWithCarriageReturn = false

    /// Normalizes `text` in place. Returns how many bytes at its start to leave out: one when it
    /// starts with the LF of a CR LF whose CR ended the last piece.
    mutating func normalize(_ text: UnsafeMutableRawBufferPointer) -> Int {
        guard let base = text.baseAddress, !text.isEmpty else { return 0 }
        let skipped = endedWithCarriageReturn && text[0] == Self.lineFeed ? 1 : 0
        endedWithCarriageReturn = false
        var index = skipped
        while index < text.count, let found = memchr(base + index, Int32(Self.carriageReturn), text.count - index) {
            let offset = found - base
            if offset + 1 == text.count {
                text[offset] = Self.lineFeed
                endedWithCarriageReturn = true
            } else if text[offset + 1] != Self.lineFeed {
                text[offset] = Self.lineFeed
            }
            index = offset + 1
        }
        return skipped
    }

    private static let lineFeed: UInt8 = 0x0A
    private static let carriageReturn: UInt8 = 0x0D
}
