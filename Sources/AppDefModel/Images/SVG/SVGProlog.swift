/// What comes before an SVG's root element, read without the XML reader: for a file the reader
/// stopped in before it gave the root (a start tag of more than 1000 attributes, a value over
/// its limit, an error in the prolog), whether the root it stopped at is `<svg`. Such a file is
/// an SVG that cannot be read safely, and is refused as such with the reader's reason, not
/// taken for no image at all.
enum SVGProlog {
    /// Whether the first start tag of `bytes`, past the XML declaration, processing
    /// instructions, comments and a DOCTYPE and nothing else but white space (and a UTF-8 byte
    /// order mark), is `<svg` (followed by white space, `/` or `>`).
    static func firstStartTagIsSVG(_ bytes: [UInt8]) -> Bool {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while true {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] == lessThan else { return false }
            let open = index
            let rest = bytes[(open + 1)...]
            if rest.starts(with: Array("!--".utf8)) {
                guard let end = firstIndex(of: Array("-->".utf8), in: bytes, from: open + 4) else { return false }
                index = end + 3
            } else if rest.first == UInt8(ascii: "?") {
                guard let end = firstIndex(of: Array("?>".utf8), in: bytes, from: open + 2) else { return false }
                index = end + 2
            } else if rest.first == UInt8(ascii: "!") {
                guard let end = bytes[open...].firstIndex(of: UInt8(ascii: ">")) else { return false }
                index = end + 1
            } else {
                guard rest.starts(with: Array("svg".utf8)), let after = rest.dropFirst(3).first else { return false }
                return [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "/"), UInt8(ascii: ">")].contains(after)
            }
        }
    }

    private static let lessThan = UInt8(ascii: "<")

    private static func firstIndex(of pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + pattern.count <= bytes.count {
            if bytes[index] == pattern[0], bytes[index..<index + pattern.count].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }
}
