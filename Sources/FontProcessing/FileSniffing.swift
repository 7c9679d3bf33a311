/// What a file that is no font is, from its first bytes, said so that its author knows which
/// file went wrong: a collection, an image, markup, text, or bytes the build does not know.
enum FileSniffing {
    static let collection =
        "it is a font collection (.ttc or .otc), which browsers do not take: give the font of the collection the carousel uses, alone, as a .ttf or .otf file"

    /// What the file is, from `start`, its first bytes; `isWhole` when they are all of it.
    static func whatItIs(_ start: [UInt8], isWhole: Bool) -> String {
        func starts(with prefix: [UInt8]) -> Bool { start.starts(with: prefix) }
        if start.count >= 4, start.uint32(at: 0) == SFNTVersion.collection { return collection }
        if starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "it is a PNG image" }
        if starts(with: [0xFF, 0xD8, 0xFF]) { return "it is a JPEG image" }
        if starts(with: Array("GIF8".utf8)) { return "it is a GIF image" }
        if starts(with: Array("RIFF".utf8)), start.count >= 12, Array(start[8..<12]) == Array("WEBP".utf8) { return "it is a WebP image" }
        if starts(with: Array("%!PS-AdobeFont".utf8)) || starts(with: Array("%!FontType1".utf8)) || starts(with: [0x80, 0x01]) {
            return "it is a PostScript Type 1 font, which browsers do not take"
        }
        let text = start.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(start.dropFirst(3)) : start
        if let first = text.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }), first == UInt8(ascii: "<") {
            let markup = String(decoding: text, as: UTF8.self).lowercased()
            if markup.contains("<svg") { return "it is an SVG document: SVG fonts are not published (browsers dropped them), and an SVG file can hold script" }
            if markup.contains("<html") || markup.contains("<!doctype html") { return "it is a web page (HTML), not a font" }
            return "it is markup (XML or HTML), not a font"
        }
        if isText(text, isWhole: isWhole) { return "it is a text file, not a font" }
        return "its first bytes are no TrueType, OpenType, WOFF or WOFF2 header"
    }

    /// Whether the bytes read as UTF-8 text without control characters but line ends and tabs;
    /// when they are not the whole file, their end may cut a character short.
    private static func isText(_ bytes: [UInt8], isWhole: Bool) -> Bool {
        guard !bytes.isEmpty, !bytes.contains(where: { $0 < 0x20 && ![0x09, 0x0A, 0x0D].contains($0) || $0 == 0x7F }) else { return false }
        return (0...(isWhole ? 0 : 3)).contains { cut in cut < bytes.count && isUTF8(bytes.dropLast(cut)) }
    }

    private static func isUTF8(_ bytes: ArraySlice<UInt8>) -> Bool {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}
