/// The DOCTYPE authoring tools put before an SVG's root, such as Illustrator's
/// `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">`,
/// names a DTD and declares nothing. The XML reader refuses every DOCTYPE (a DTD can declare
/// entities); this one is blanked out instead, byte for byte with spaces so that positions stay,
/// and is never loaded. A DOCTYPE with declarations of its own (`[...]`) is left for the reader
/// to refuse.
enum SVGDoctype {
    /// `bytes` with a declaration-free SVG DOCTYPE before the root replaced by spaces.
    static func blankingPlainDoctype(in bytes: [UInt8]) -> [UInt8] {
        guard let start = firstIndex(of: doctypeStart, in: bytes),
            firstIndex(of: rootStart, in: bytes).map({ start < $0 }) ?? true,
            let end = plainDoctypeEnd(in: bytes, from: start + doctypeStart.count)
        else { return bytes }
        var blanked = bytes
        for index in start..<end where !isSpace(blanked[index]) { blanked[index] = 0x20 }
        return blanked
    }

    /// Whether a DOCTYPE names `svg` as the root: `<!DOCTYPE svg`, with any white space.
    static func namesSVG(_ bytes: [UInt8]) -> Bool {
        guard let start = firstIndex(of: doctypeStart, in: bytes) else { return false }
        let rest = bytes[(start + doctypeStart.count)...].drop(while: isSpace)
        return rest.starts(with: Array("svg".utf8)) && rest.dropFirst(3).first.map { isSpace($0) || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: ">") } == true
    }

    /// The offset after the `>` of `svg`, an optional `PUBLIC "id" "uri"` or `SYSTEM "uri"`, and
    /// nothing else; `nil` for anything else, an internal subset above all.
    private static func plainDoctypeEnd(in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        func skipSpaces() -> Bool {
            let before = index
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
            return index > before
        }
        func word(_ expected: String) -> Bool {
            let expectedBytes = Array(expected.utf8)
            guard index + expectedBytes.count <= bytes.count, Array(bytes[index..<index + expectedBytes.count]) == expectedBytes else { return false }
            index += expectedBytes.count
            return true
        }
        func quoted() -> Bool {
            guard index < bytes.count, bytes[index] == quote || bytes[index] == apostrophe else { return false }
            let delimiter = bytes[index]
            index += 1
            while index < bytes.count, bytes[index] != delimiter {
                guard bytes[index] != UInt8(ascii: "<"), bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "[") else { return false }
                index += 1
            }
            guard index < bytes.count else { return false }
            index += 1
            return true
        }
        guard skipSpaces(), word("svg") else { return nil }
        let spaced = skipSpaces()
        if spaced, word("PUBLIC") {
            guard skipSpaces(), quoted(), skipSpaces(), quoted() else { return nil }
            _ = skipSpaces()
        } else if spaced, word("SYSTEM") {
            guard skipSpaces(), quoted() else { return nil }
            _ = skipSpaces()
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { return nil }
        return index + 1
    }

    private static func firstIndex(of pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= pattern.count else { return nil }
        return (0...(bytes.count - pattern.count)).first { offset in
            bytes[offset] == pattern[0] && bytes[offset..<offset + pattern.count].elementsEqual(pattern)
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    private static let doctypeStart = Array("<!DOCTYPE".utf8)
    private static let rootStart = Array("<svg".utf8)
    private static let quote = UInt8(ascii: "\"")
    private static let apostrophe = UInt8(ascii: "'")
}
