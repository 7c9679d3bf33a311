/// How the bytes of a document become the UTF-8 that the scanner and libxml2 read, found from
/// its first bytes the way XML 1.0 appendix F describes: a byte order mark, else the shape of
/// `<?xml` in each encoding, else the encoding its XML declaration names, else UTF-8.
///
/// Columns count characters, so the reader only reads what it can count: UTF-8 as it is, and
/// anything else converted to UTF-8 first (see ``TextConverter``). Refused, with a problem
/// where the encoding shows: EBCDIC and UCS-4 in the byte orders 2143 and 3412, whose
/// declarations cannot be read without converting them first, and a declared encoding that is
/// no encoding name, that iconv does not know, in which the declaration itself does not read
/// as written (`encoding="UTF-16"` in a file that is not, which XML makes an error), or whose
/// characters iconv joins (see ``TextConverter/joinsCharacters``).
enum DocumentEncoding: Equatable {
    /// UTF-8, read as it is after a byte order mark of `byteOrderMarkLength` bytes.
    case utf8(byteOrderMarkLength: Int)
    /// Converted from `name` after a byte order mark of `byteOrderMarkLength` bytes, which the
    /// first bytes leave in no doubt.
    case detected(name: String, byteOrderMarkLength: Int)
    /// Named by the XML declaration, which is `declarationLength` bytes of ASCII; `position` is
    /// where `encoding` is written, for a problem with it.
    case declared(name: String, declarationLength: Int, position: SourcePosition)
    /// Not readable: `message` says why.
    case refused(message: String, position: SourcePosition)

    /// The bytes at the start of the document that are a byte order mark, not text.
    var byteOrderMarkLength: Int {
        switch self {
        case .utf8(let length), .detected(_, let length): length
        case .declared, .refused: 0
        }
    }

    /// How far into a document its XML declaration is looked for.
    static let sniffLength = 1024

    /// The encoding of a document that starts with `head`, or `nil` when more of it is needed
    /// to tell (`isWhole` says there is no more).
    static func detect(_ head: some Collection<UInt8>, isWhole: Bool) -> DocumentEncoding? {
        let bytes = Array(head.prefix(sniffLength))
        guard bytes.count >= 4 || isWhole else { return nil }
        func startsWith(_ prefix: [UInt8]) -> Bool { bytes.starts(with: prefix) }
        // UTF-32's marks first: FF FE 00 00 would otherwise read as UTF-16's.
        if startsWith([0x00, 0x00, 0xFE, 0xFF]) { return .detected(name: "UTF-32BE", byteOrderMarkLength: 4) }
        if startsWith([0xFF, 0xFE, 0x00, 0x00]) { return .detected(name: "UTF-32LE", byteOrderMarkLength: 4) }
        if startsWith([0xFE, 0xFF]) { return .detected(name: "UTF-16BE", byteOrderMarkLength: 2) }
        if startsWith([0xFF, 0xFE]) { return .detected(name: "UTF-16LE", byteOrderMarkLength: 2) }
        if startsWith([0xEF, 0xBB, 0xBF]) { return .utf8(byteOrderMarkLength: 3) }
        if startsWith([0x00, 0x00, 0x00, 0x3C]) { return .detected(name: "UTF-32BE", byteOrderMarkLength: 0) }
        if startsWith([0x3C, 0x00, 0x00, 0x00]) { return .detected(name: "UTF-32LE", byteOrderMarkLength: 0) }
        if startsWith([0x00, 0x3C, 0x00, 0x3F]) { return .detected(name: "UTF-16BE", byteOrderMarkLength: 0) }
        if startsWith([0x3C, 0x00, 0x3F, 0x00]) { return .detected(name: "UTF-16LE", byteOrderMarkLength: 0) }
        if startsWith([0x00, 0x00, 0x3C, 0x00]) || startsWith([0x00, 0x3C, 0x00, 0x00]) {
            return .refused(message: "the file is in UCS-4 with an unusual byte order, which is not supported", position: .start)
        }
        if startsWith([0x4C, 0x6F, 0xA7, 0x94]) {
            return .refused(message: "the file is in EBCDIC, which is not supported", position: .start)
        }
        return declaredEncoding(in: bytes, isWhole: isWhole || bytes.count == sniffLength)
    }

    /// The encoding named by an XML declaration at the start of `bytes`: UTF-8 without one.
    private static func declaredEncoding(in bytes: [UInt8], isWhole: Bool) -> DocumentEncoding? {
        let opening = Array("<?xml".utf8)
        guard bytes.count > opening.count else {
            // Too short to tell a declaration from `<?xml-stylesheet` or other markup.
            return opening.starts(with: bytes) && !isWhole ? nil : .utf8(byteOrderMarkLength: 0)
        }
        guard bytes.starts(with: opening), isSpace(bytes[opening.count]) else { return .utf8(byteOrderMarkLength: 0) }
        guard let end = bytes.firstIndex(of: UInt8(ascii: ">")) else {
            // A declaration that does not end in the bytes looked at: libxml2 reports it.
            return isWhole ? .utf8(byteOrderMarkLength: 0) : nil
        }
        let declaration = bytes[..<(end + 1)]
        guard let key = pseudoAttribute("encoding", in: declaration) else { return .utf8(byteOrderMarkLength: 0) }
        let position = Self.position(of: key.nameStart, in: bytes)
        let nameBytes = bytes[key.value]
        guard isEncodingName(nameBytes) else {
            let written = String(decoding: nameBytes, as: UTF8.self)
            return .refused(message: "'\(written)' is not an encoding name", position: position)
        }
        let name = String(decoding: nameBytes, as: UTF8.self)
        if ["UTF-8", "UTF8"].contains(name.uppercased()) { return .utf8(byteOrderMarkLength: 0) }
        return .declared(name: name, declarationLength: end + 1, position: position)
    }

    /// Where `name="value"` (or `'value'`) is in a declaration: where its name starts and the
    /// range of its value. `nil` when it is not there or not written so.
    private static func pseudoAttribute(_ name: String, in declaration: ArraySlice<UInt8>) -> (nameStart: Int, value: Range<Int>)? {
        let key = Array(name.utf8)
        // After `<?xml`: a pseudo-attribute follows a space.
        var index = declaration.startIndex + 1
        while index + key.count <= declaration.endIndex {
            defer { index += 1 }
            guard isSpace(declaration[index - 1]), declaration[index..<(index + key.count)].elementsEqual(key) else { continue }
            var cursor = index + key.count
            while cursor < declaration.endIndex, isSpace(declaration[cursor]) { cursor += 1 }
            guard cursor < declaration.endIndex, declaration[cursor] == UInt8(ascii: "=") else { return nil }
            cursor += 1
            while cursor < declaration.endIndex, isSpace(declaration[cursor]) { cursor += 1 }
            guard cursor < declaration.endIndex else { return nil }
            let quote = declaration[cursor]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return nil }
            guard let close = declaration[(cursor + 1)...].firstIndex(of: quote) else { return nil }
            return (index, (cursor + 1)..<close)
        }
        return nil
    }

    /// XML's `EncName`: `[A-Za-z] ([A-Za-z0-9._] | '-')*`.
    private static func isEncodingName(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first, isLetter(first) else { return false }
        return bytes.allSatisfy { isLetter($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The line and column of `offset` in ASCII `bytes`; CR LF, CR and LF each end a line.
    private static func position(of offset: Int, in bytes: [UInt8]) -> SourcePosition {
        var position = SourcePosition.start
        for index in 0..<offset {
            switch bytes[index] {
            case 0x0A where index > 0 && bytes[index - 1] == 0x0D:
                continue
            case 0x0A, 0x0D:
                position.line += 1
                position.column = 1
            default:
                position.column += 1
            }
        }
        return position
    }
}
