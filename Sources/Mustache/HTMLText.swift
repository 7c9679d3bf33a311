/// Text made safe for HTML.
package enum HTMLText {
    /// `text` with `&`, `<`, `>`, `"` and `'` as character references: safe in HTML text and in
    /// attribute values in either quotes.
    package static func escaped(_ text: String) -> String {
        var result = ""
        append(text, to: &result)
        return result
    }

    /// Appends `text` escaped as ``escaped(_:)`` does.
    static func append(_ text: String, to output: inout String) {
        let special: (UInt8) -> Bool = { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }
        guard text.utf8.contains(where: special) else {
            output += text
            return
        }
        output.reserveCapacity(output.utf8.count + text.utf8.count + 16)
        // By scalar, not by Character: a combining mark after a quote makes one Character of the
        // two, which would match no case, while an HTML parser still sees the quote.
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            default: output.unicodeScalars.append(scalar)
            }
        }
    }
}
