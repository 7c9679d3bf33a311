/// The bytes of test documents in encodings other than UTF-8, built by hand so that a test
/// shows exactly which bytes it reads: ASCII markup, with the bytes of each other character
/// written out as the encoding has them (checked against iconv and Python's codecs).
enum EncodedBytes {
    /// `text`, which must be ASCII, as bytes.
    static func ascii(_ text: String) -> [UInt8] {
        precondition(text.utf8.allSatisfy { $0 < 0x80 }, "ASCII only: write other characters' bytes out")
        return Array(text.utf8)
    }

    /// Each Unicode scalar of `text` as one byte: ISO-8859-1, and windows-1252 below 0x80 and
    /// from 0xA0.
    static func latin1(_ text: String) -> [UInt8] {
        text.unicodeScalars.map { scalar in
            precondition(scalar.value < 0x100, "not a Latin-1 character")
            return UInt8(scalar.value)
        }
    }

    static func utf16(_ text: String, littleEndian: Bool, byteOrderMark: Bool = true) -> [UInt8] {
        units((byteOrderMark ? [0xFEFF] : []) + text.utf16.map { UInt32($0) }, size: 2, littleEndian: littleEndian)
    }

    static func utf32(_ text: String, littleEndian: Bool, byteOrderMark: Bool = true) -> [UInt8] {
        units((byteOrderMark ? [0xFEFF] : []) + text.unicodeScalars.map(\.value), size: 4, littleEndian: littleEndian)
    }

    /// Code units of `size` bytes in the given byte order; any values, lone surrogates included.
    static func units(_ values: [UInt32], size: Int, littleEndian: Bool) -> [UInt8] {
        values.flatMap { value in
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
            return littleEndian ? bytes : bytes.reversed()
        }
    }

    // Characters of the CJK tests, in each encoding.
    static let shiftJIS: [Character: [UInt8]] = ["日": [0x93, 0xFA], "本": [0x96, 0x7B], "語": [0x8C, 0xEA]]
    static let gb18030: [Character: [UInt8]] = [
        "日": [0xC8, 0xD5], "本": [0xB1, 0xBE], "語": [0xD5, 0x5A], "👍": [0x94, 0x39, 0xD1, 0x31], "ü": [0xA8, 0xB9],
        "ï": [0x81, 0x30, 0x8A, 0x37],
    ]
    static let big5: [Character: [UInt8]] = ["日": [0xA4, 0xE9], "本": [0xA5, 0xBB], "語": [0xBB, 0x79]]
    /// Kanji in ISO-2022-JP are byte pairs in 0x21...0x7E: `七` holds a `<`, `上` a `>`, `下` a `<`.
    static let iso2022JPKanji: [Character: [UInt8]] = ["七": [0x3C, 0x37], "上": [0x3E, 0x65], "下": [0x32, 0x3C]]

    /// `text` with each character found in `table` replaced by its bytes; the rest must be ASCII.
    static func encoded(_ text: String, with table: [Character: [UInt8]]) -> [UInt8] {
        text.flatMap { character in table[character] ?? ascii(String(character)) }
    }

    /// ISO-2022-JP: runs of kanji (of ``iso2022JPKanji``) between the escapes that switch to
    /// JIS X 0208 and back.
    static func iso2022JP(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var inKanji = false
        for character in text {
            let kanji = iso2022JPKanji[character]
            if (kanji != nil) != inKanji {
                bytes += kanji != nil ? [0x1B, 0x24, 0x42] : [0x1B, 0x28, 0x42]
                inKanji.toggle()
            }
            bytes += kanji ?? ascii(String(character))
        }
        return bytes + (inKanji ? [0x1B, 0x28, 0x42] : [])
    }

    /// `<?xml version="1.0" encoding="IBM037"?>` and `<r/>` on the next line, in EBCDIC (code page 37).
    static let ebcdic: [UInt8] = [
        0x4C, 0x6F, 0xA7, 0x94, 0x93, 0x40, 0xA5, 0x85, 0x99, 0xA2, 0x89, 0x96, 0x95, 0x7E, 0x7F, 0xF1, 0x4B, 0xF0,
        0x7F, 0x40, 0x85, 0x95, 0x83, 0x96, 0x84, 0x89, 0x95, 0x87, 0x7E, 0x7F, 0xC9, 0xC2, 0xD4, 0xF0, 0xF3, 0xF7,
        0x7F, 0x6F, 0x6E, 0x25, 0x4C, 0x99, 0x61, 0x6E, 0x25,
    ]
}
