/// How a browser reads the URL out of `<meta http-equiv="refresh" content="...">`: the HTML
/// standard's "shared declarative refresh steps", to the point where the URL string is parsed.
/// The page without screens writes `--start-url` there, and these steps do not read it as a
/// link does: after the delay they skip white space, an optional `url=` (in any case, with white
/// space around `=`), and a leading `'` or `"`, and the URL then ends at the same quote. So
/// `url='javascript:alert(1)'` is `javascript:alert(1)` to the refresh.
enum DeclarativeRefresh {
    /// The URL string the refresh of `content` goes to, before URL parsing; `nil` when the
    /// content gives no URL (the page refreshes itself, or not at all).
    static func urlString(inContent content: String) -> String? {
        let input = Array(content.unicodeScalars)
        var position = 0
        func at(_ scalars: String) -> Bool {
            position < input.count && scalars.unicodeScalars.contains(input[position])
        }
        func skipWhitespace() {
            while at(asciiWhitespace) { position += 1 }
        }
        skipWhitespace()
        // The delay: digits, then any digits and dots.
        let digitsStart = position
        while at(digits) { position += 1 }
        if position == digitsStart && !at(".") { return nil }
        while at(digits + ".") { position += 1 }
        if position < input.count {
            guard at(";," + asciiWhitespace) else { return nil }
            skipWhitespace()
            if at(";,") { position += 1 }
            skipWhitespace()
        }
        guard position < input.count else { return nil }
        // `url=`, each step optional: where one fails, the quotes are looked for there.
        matchingURL: do {
            for letters in ["Uu", "Rr", "Ll"] {
                guard at(letters) else { break matchingURL }
                position += 1
            }
            skipWhitespace()
            guard at("=") else { break matchingURL }
            position += 1
            skipWhitespace()
        }
        var quote: Unicode.Scalar?
        if at("'\"") {
            quote = input[position]
            position += 1
        }
        var url = input[position...]
        if let quote, let end = url.firstIndex(of: quote) { url = url[..<end] }
        return String(String.UnicodeScalarView(url))
    }

    /// Tab, line feed, form feed, carriage return and space.
    private static let asciiWhitespace = "\t\n\u{C}\r "
    private static let digits = "0123456789"
}
