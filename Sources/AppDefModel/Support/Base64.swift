/// Base64 (RFC 4648, the standard alphabet, padded), for the images an SVG embeds as `data:`
/// URIs. The module does without Foundation (whose `Data(base64Encoded:)` this would be), as
/// it does for SHA-256 and XXH64.
package enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Space, tab, line feed, form feed and carriage return (the URL standard's forgiving
    /// Base64 removes these).
    private static let asciiWhiteSpace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0C, 0x0D]

    /// The value of each byte that is a Base64 digit, 255 for any other.
    private static let values: [UInt8] = {
        var values = [UInt8](repeating: 255, count: 256)
        for (value, digit) in alphabet.enumerated() { values[Int(digit)] = UInt8(value) }
        return values
    }()

    /// The bytes `text` encodes, or `nil` unless it is Base64 whole: digits only, padded with
    /// `=` to a multiple of four, its last digit's unused bits zero. ASCII white space anywhere
    /// is passed over, as browsers read a `data:` URI: editors break Base64 into lines.
    package static func decode(_ text: some Collection<UInt8>) -> [UInt8]? {
        let digits = text.filter { !asciiWhiteSpace.contains($0) }
        guard digits.count % 4 == 0 else { return nil }
        let padding = digits.reversed().prefix { $0 == UInt8(ascii: "=") }.count
        guard padding <= 2 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 4 * 3)
        var accumulator: UInt32 = 0
        for (index, digit) in digits.dropLast(padding).enumerated() {
            let value = values[Int(digit)]
            guard value != 255 else { return nil }
            accumulator = accumulator << 6 | UInt32(value)
            if index % 4 == 3 {
                bytes += [UInt8(accumulator >> 16), UInt8(accumulator >> 8 & 0xFF), UInt8(accumulator & 0xFF)]
                accumulator = 0
            }
        }
        switch padding {
        case 1:
            guard accumulator & 0x3 == 0 else { return nil }
            bytes += [UInt8(accumulator >> 10), UInt8(accumulator >> 2 & 0xFF)]
        case 2:
            guard accumulator & 0xF == 0 else { return nil }
            bytes.append(UInt8(accumulator >> 4))
        default:
            break
        }
        return bytes
    }

    /// `bytes` as Base64, padded.
    package static func encode(_ bytes: [UInt8]) -> String {
        var digits: [UInt8] = []
        digits.reserveCapacity((bytes.count + 2) / 3 * 4)
        for start in stride(from: 0, to: bytes.count, by: 3) {
            let group = bytes[start..<min(start + 3, bytes.count)]
            let value = group.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (16 - 8 * $1.offset) }
            for position in 0..<4 {
                digits.append(position <= group.count ? alphabet[Int(value >> (18 - 6 * position) & 0x3F)] : UInt8(ascii: "="))
            }
        }
        return String(decoding: digits, as: UTF8.self)
    }
}
