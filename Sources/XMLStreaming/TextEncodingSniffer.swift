/// How the scanner turns the bytes of a document into characters for counting columns.
enum CodeUnitLayout: Equatable {
    /// UTF-8: a character starts at every byte that is not a continuation byte.
    case utf8
    /// A single-byte encoding (ISO-8859-1, Windows-1252...): every byte is a character.
    case singleByte
    /// UTF-16 little-endian: a character starts at every unit that is not a low surrogate.
    case utf16LittleEndian
    /// UTF-16 big-endian.
    case utf16BigEndian

    /// How many of the first bytes of a document ``sniff(_:)`` looks at.
    static let sniffLength = 256

    /// Guesses the layout from the first bytes of a document the way XML 1.0 appendix F does:
    /// a byte order mark, the shape of `<?xml`, then the declared encoding.
    static func sniff(_ head: some Collection<UInt8>) -> CodeUnitLayout {
        let bytes = Array(head.prefix(sniffLength))
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0x3C, 0x00, 0x3F, 0x00]) {
            return .utf16LittleEndian
        }
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0x00, 0x3C, 0x00, 0x3F]) {
            return .utf16BigEndian
        }
        guard let declared = declaredEncoding(in: bytes) else { return .utf8 }
        switch declared.lowercased() {
        case "utf-8", "utf8": return .utf8
        case let name where name.hasPrefix("iso-8859") || name.hasPrefix("windows-125")
            || name.hasPrefix("cp125") || name == "latin1" || name == "us-ascii" || name == "ascii":
            return .singleByte
        default: return .utf8
        }
    }

    /// Whether ``sniff(_:)`` gives the same answer for `head` as for any longer start of the
    /// document: not while an XML declaration that may still name an encoding is unfinished.
    static func isDecided(by head: [UInt8]) -> Bool {
        guard head.count < sniffLength else { return true }
        guard head.count >= 4 else { return false }  // the UTF-16 shapes take four bytes
        if sniff(head) != .utf8 { return true }
        let text = head.starts(with: [0xEF, 0xBB, 0xBF]) ? head.dropFirst(3) : head[...]
        let declarationStart = Array("<?xml".utf8)
        guard text.count >= declarationStart.count else { return !declarationStart.starts(with: text) }
        return !text.starts(with: declarationStart) || text.contains(UInt8(ascii: ">"))
    }

    /// The value of `encoding="..."` in an XML declaration at the very start of `bytes`.
    private static func declaredEncoding(in bytes: [UInt8]) -> String? {
        var text = bytes
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text.removeFirst(3) }
        guard text.starts(with: Array("<?xml".utf8)),
            let end = text.firstIndex(of: UInt8(ascii: ">"))
        else { return nil }
        let declaration = String(decoding: text[..<end], as: UTF8.self)
        guard let keyRange = declaration.firstRange(of: "encoding") else { return nil }
        let rest = declaration[keyRange.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        return String(rest.dropFirst().prefix { $0 != quote })
    }
}
