/// Whether CSS in an SVG (a `style` attribute, a `<style>` element, a presentation attribute's
/// value) can reach outside the file or run anything. What it may reference is a fragment of the
/// same file, `url(#id)`; imports, fonts, other URLs, the functions that load an image from a
/// string (`image-set("a.png" 1x)`), script URLs, old browsers' expressions and bindings, and
/// escapes (which could spell any of these) are not published.
///
/// The text is searched, not parsed: lowercased (CSS matches its names in ASCII case only, so
/// no other letter can spell `url`) and without white space, anything that could be read as one
/// of these is refused, inside a comment or a string too. A comment cannot join two halves of a
/// name (`ur/**/l(` is `ur` then `l(` to a browser too), and an escape, the one way to spell a
/// name with other characters (`\75 rl(`), is refused wherever it is.
enum SVGStyleCheck {
    /// The functions that take a URL or a string naming a file and load it, as their names end:
    /// `-webkit-image-set(`, `-webkit-cross-fade(`, `-moz-element(` and `-moz-image-rect(` end as
    /// theirs do. `url(` is refused unless it names a fragment.
    static let loadingFunctions = ["image-set(", "image(", "cross-fade(", "element(", "image-rect(", "src("]

    /// Why `css` is not published, or `nil` when it is safe.
    ///
    /// Searched as bytes: every attribute of an SVG is checked, and `String.contains` (a table
    /// of the pattern built at each call) took an SVG of 700,000 shapes (28 MB) two minutes.
    static func unsafeReason(_ css: String) -> String? {
        let folded = self.folded(css)
        if folded.contains(UInt8(ascii: "\\")) { return "an escape sequence" }
        for (pattern, reason) in refused where contains(folded, pattern) { return reason }
        if folded.contains(UInt8(ascii: "<")) { return "markup" }
        for (pattern, reason) in loading where contains(folded, pattern) { return reason }
        return referencesAnotherFile(folded) ? "a reference to another file" : nil
    }

    /// What is refused wherever it is, as bytes (made once: the check runs for every attribute
    /// of an SVG), and why.
    private static let refused: [(pattern: [UInt8], reason: String)] = [
        ("@import", "an @import"), ("@font-face", "an @font-face rule, which loads a font"), ("javascript:", "a script URL"),
        ("vbscript:", "a script URL"), ("expression(", "a script binding"), ("-moz-binding", "a script binding"),
        ("behavior:", "a script binding"),
    ].map { (Array($0.utf8), $1) }
    private static let loading = loadingFunctions.map { (pattern: Array($0.utf8), reason: "\($0)), which loads a file") }

    /// The UTF-8 of `css` without white space (Unicode's), its ASCII letters lowercased. Plain
    /// loops over bytes: the check runs for every attribute, in debug builds (the tests') too.
    private static func folded(_ css: String) -> [UInt8] {
        var text = css
        return text.withUTF8 { utf8 in
            var bytes: [UInt8] = []
            bytes.reserveCapacity(utf8.count)
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                if byte < 0x80 {
                    if byte != 0x20 && !(0x09...0x0D).contains(byte) { bytes.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte) }
                    index += 1
                    continue
                }
                // A character beyond ASCII, of 2 to 4 bytes (the string is valid UTF-8).
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                let end = min(index + length, utf8.count)
                let character = String(decoding: UnsafeBufferPointer(rebasing: utf8[index..<end]), as: UTF8.self)
                if !(character.unicodeScalars.first?.properties.isWhitespace ?? false) { bytes += utf8[index..<end] }
                index = end
            }
            return bytes
        }
    }

    /// Whether `pattern` occurs in `bytes`. Compared from each place its first byte is at: no
    /// pattern searched has a long repeated start, so this stays within a few times the text.
    private static func contains(_ bytes: [UInt8], _ pattern: [UInt8]) -> Bool {
        firstIndex(of: pattern, in: bytes, from: 0) != nil
    }

    /// Where `pattern` first occurs in `bytes` from `from` on.
    private static func firstIndex(of pattern: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard !pattern.isEmpty else { return from }
        guard bytes.count >= pattern.count else { return nil }
        return bytes.withUnsafeBufferPointer { text in
            pattern.withUnsafeBufferPointer { pattern in
                let (first, last) = (pattern[0], text.count - pattern.count)
                var start = from
                while start <= last {
                    if text[start] == first {
                        var matched = 1
                        while matched < pattern.count && text[start + matched] == pattern[matched] { matched += 1 }
                        if matched == pattern.count { return start }
                    }
                    start += 1
                }
                return nil
            }
        }
    }

    /// Whether a `url(` in `folded` names anything but a fragment of this file, quoted or not.
    private static func referencesAnotherFile(_ folded: [UInt8]) -> Bool {
        let opening = Array("url(".utf8)
        var from = 0
        while let found = firstIndex(of: opening, in: folded, from: from) {
            var target = found + opening.count
            while target < folded.count && (folded[target] == UInt8(ascii: "\"") || folded[target] == UInt8(ascii: "'")) { target += 1 }
            guard target < folded.count, folded[target] == UInt8(ascii: "#") else { return true }
            from = found + 1
        }
        return false
    }
}
