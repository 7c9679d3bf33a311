extension String {
    /// `bytes` read as UTF-8 text, a leading byte-order mark dropped, as Foundation's
    /// `String(data:encoding: .utf8)` read them; `nil` when they are not valid UTF-8.
    public init?(utf8Text bytes: some Collection<UInt8>) {
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let body = bytes.dropFirst(bytes.starts(with: byteOrderMark) ? byteOrderMark.count : 0)
        // Decoding replaces what is not UTF-8 with U+FFFD, so the text has the same bytes
        // exactly when there was nothing to replace.
        let text = String(decoding: body, as: UTF8.self)
        guard text.utf8.elementsEqual(body) else { return nil }
        self = text
    }
}
