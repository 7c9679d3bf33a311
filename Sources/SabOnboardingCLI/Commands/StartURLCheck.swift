import ArgumentParser

/// `--start-url` becomes the link of Skip and Start in every page: a `javascript:` or `data:`
/// URL there would run script on the app's origin, and a `file:` one leads nowhere a reader
/// can go. Only a relative URL or an http or https one is accepted.
enum StartURLCheck {
    static func check(_ value: String) throws(ValidationError) {
        try OptionChecks.refuseEmpty(value, for: synopsis)
        // A browser drops tabs and line breaks anywhere in a URL and controls and spaces at its
        // ends before it reads the scheme: "java\tscript:" is "javascript:".
        let hasControl = value.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
        if hasControl || value.first == " " || value.last == " " {
            throw refusal(value, "it has a control character, or a space at an end")
        }
        if let scheme = scheme(of: value), !["http", "https"].contains(scheme.lowercased()) {
            throw refusal(value, "its scheme is '\(scheme):'")
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

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private static func refusal(_ value: String, _ reason: String) -> ValidationError {
        ValidationError(
            "The value '\(value)' is not allowed for '\(synopsis)': \(reason); give a relative URL (such as ../index.html) or an http or https one")
    }
}
