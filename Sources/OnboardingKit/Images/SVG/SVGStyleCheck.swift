/// Whether CSS in an SVG (a `style` attribute, a `<style>` element, a presentation attribute's
/// value) can reach outside the file or run anything. What it may reference is a fragment of the
/// same file, `url(#id)`; imports, other URLs, script URLs, old browsers' expressions and
/// bindings, and escapes (which could spell any of these) are not published.
enum SVGStyleCheck {
    /// Why `css` is not published, or `nil` when it is safe.
    static func unsafeReason(_ css: String) -> String? {
        let folded = String(css.lowercased().unicodeScalars.filter { !$0.properties.isWhitespace })
        if folded.contains("\\") { return "an escape sequence" }
        if folded.contains("@import") { return "an @import" }
        if folded.contains("javascript:") || folded.contains("vbscript:") { return "a script URL" }
        if folded.contains("expression(") || folded.contains("-moz-binding") || folded.contains("behavior:") { return "a script binding" }
        if folded.contains("<") { return "markup" }
        // Every url( must name a fragment of this file, quoted or not.
        let characters = Array(folded)
        let opening = Array("url(")
        var index = 0
        while index + opening.count <= characters.count {
            if Array(characters[index..<index + opening.count]) == opening {
                let target = characters[(index + opening.count)...].drop { $0 == "\"" || $0 == "'" }
                guard target.first == "#" else { return "a reference to another file" }
            }
            index += 1
        }
        return nil
    }
}
