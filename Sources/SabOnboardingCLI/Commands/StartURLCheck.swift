import ArgumentParser
import OnboardingKit

/// `--start-url` becomes the link of Skip and Start in every page, the target of the scripts,
/// and the URL of the refresh of the page without screens: a `javascript:` or `data:` URL there
/// would run script on the app's origin, and a `file:` one leads nowhere a reader can go. Only a
/// relative URL or an http or https one is accepted, as a link reads it and as the refresh reads
/// it (see ``DeclarativeRefresh``), which is not the same: the refresh strips a leading quote.
enum StartURLCheck {
    static func check(_ value: String) throws(ValidationError) {
        try OptionChecks.refuseEmpty(value, for: synopsis)
        // A browser drops tabs and line breaks anywhere in a URL and controls and spaces at its
        // ends before it reads the scheme ("java\tscript:" is "javascript:"), and the refresh
        // skips white space before it; no start URL needs any.
        if let scalar = value.unicodeScalars.first(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control }) {
            throw refusal(value, "it has white space or a control character (\(scalar.codePoint))")
        }
        // The refresh strips a leading quote: `'javascript:alert(1)'` is `javascript:alert(1)`.
        if value.unicodeScalars.contains(where: { $0 == "'" || $0 == "\"" }) {
            throw refusal(value, "it has a quote, which the refresh of the page without screens strips")
        }
        if let scheme = scheme(of: value), !isWeb(scheme) {
            throw refusal(value, "its scheme is '\(scheme):'")
        }
        // As the built-in page writes it, and as a template that leaves out `url=` would.
        for content in ["0; url=" + value, "0; " + value] {
            if let url = DeclarativeRefresh.urlString(inContent: content), let scheme = scheme(of: url), !isWeb(scheme) {
                throw refusal(value, "the refresh of the page without screens (content=\"\(content)\") reads it as a '\(scheme):' URL")
            }
        }
    }

    private static let synopsis = "--start-url <start-url>"

    /// The scheme of an absolute URL (a letter, then letters, digits, '+', '-' or '.', then
    /// ':'); nil for a relative one.
    private static func scheme(of url: String) -> Substring? {
        guard let colon = url.firstIndex(of: ":") else { return nil }
        let scheme = url[..<colon]
        guard let first = scheme.unicodeScalars.first, isASCIILetter(first) else { return nil }
        let rest = scheme.unicodeScalars.dropFirst()
        return rest.allSatisfy { isASCIILetter($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) } ? scheme : nil
    }

    private static func isWeb(_ scheme: Substring) -> Bool {
        ["http", "https"].contains(scheme.lowercased())
    }

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private static func refusal(_ value: String, _ reason: String) -> ValidationError {
        ValidationError(
            "The value '\(value)' is not allowed for '\(synopsis)': \(reason); give a relative URL (such as ../index.html) or an http or https one")
    }
}
