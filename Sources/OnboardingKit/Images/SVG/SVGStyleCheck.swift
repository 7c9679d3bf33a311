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
    static func unsafeReason(_ css: String) -> String? {
        let folded = String(css.lowercased().unicodeScalars.filter { !$0.properties.isWhitespace })
        if folded.contains("\\") { return "an escape sequence" }
        if folded.contains("@import") { return "an @import" }
        if folded.contains("@font-face") { return "an @font-face rule, which loads a font" }
        if folded.contains("javascript:") || folded.contains("vbscript:") { return "a script URL" }
        if folded.contains("expression(") || folded.contains("-moz-binding") || folded.contains("behavior:") { return "a script binding" }
        if folded.contains("<") { return "markup" }
        if let function = loadingFunctions.first(where: folded.contains) { return "\(function)), which loads a file" }
        return referencesAnotherFile(folded) ? "a reference to another file" : nil
    }

    /// Whether a `url(` in `folded` names anything but a fragment of this file, quoted or not.
    private static func referencesAnotherFile(_ folded: String) -> Bool {
        let characters = Array(folded.utf8)
        let opening = Array("url(".utf8)
        let quotes: Set<UInt8> = [UInt8(ascii: "\""), UInt8(ascii: "'")]
        var index = 0
        while index + opening.count <= characters.count {
            if characters[index] == opening[0], characters[index..<index + opening.count].elementsEqual(opening) {
                let target = characters[(index + opening.count)...].drop(while: quotes.contains)
                guard target.first == UInt8(ascii: "#") else { return true }
            }
            index += 1
        }
        return false
    }
}
