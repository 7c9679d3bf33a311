/// Where a link on a page of the preview's server leads: RFC 3986's resolution of a reference
/// against the page's address (section 5.2), worked out on the text as Foundation's
/// `URL(string:relativeTo:)` did, for the one question the preview asks of it. Dot segments
/// written with `%2e` count as dots, as browsers count them (WHATWG URL standard).
enum URLReference {
    /// The path, still percent-encoded, that `reference` leads to when a page at `pagePath` on
    /// the server follows it; `nil` when it leads off that server (another scheme, or a host and
    /// port for which `isServer` is false) or to no path there.
    static func path(of reference: String, fromPage pagePath: String, onServer isServer: (Substring) -> Bool) -> String? {
        let parts = Parts(reference)
        if let scheme = parts.scheme {
            guard scheme == "http", let authority = parts.authority, isServer(authority[...]), parts.path.hasPrefix("/") else { return nil }
            return removingDotSegments(parts.path)
        }
        if let authority = parts.authority {
            guard isServer(authority[...]), parts.path.hasPrefix("/") else { return nil }
            return removingDotSegments(parts.path)
        }
        if parts.path.isEmpty { return pagePath }
        if parts.path.hasPrefix("/") { return removingDotSegments(parts.path) }
        // Merged with the page's folder (section 5.2.3).
        let folder = pagePath.lastIndex(of: "/").map { pagePath[...$0] } ?? "/"
        return removingDotSegments(String(folder) + parts.path)
    }

    /// A reference split as RFC 3986's appendix B splits it; the query and fragment are dropped,
    /// as the path is all that is asked for.
    private struct Parts {
        var scheme: String?
        var authority: String?
        var path: String

        init(_ reference: String) {
            var rest = Substring(reference)
            // A scheme is a letter and then letters, digits, `+`, `-` or `.`, before the first `:`
            // that comes before any `/`, `?` or `#`.
            if let colon = rest.firstIndex(where: { ":/?#".contains($0) }), rest[colon] == ":",
                let first = rest.first, first.isASCII, first.isLetter,
                rest[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
            {
                scheme = String(rest[..<colon])
                rest = rest[rest.index(after: colon)...]
            }
            if rest.hasPrefix("//") {
                let start = rest.index(rest.startIndex, offsetBy: 2)
                let end = rest[start...].firstIndex(where: { "/?#".contains($0) }) ?? rest.endIndex
                authority = String(rest[start..<end])
                rest = rest[end...]
            }
            path = String(rest[..<(rest.firstIndex(where: { "?#".contains($0) }) ?? rest.endIndex)])
        }
    }

    /// `path` with its `.` and `..` segments worked out (section 5.2.4): `/a/b/../c/./d` is
    /// `/a/c/d`; a `..` at the top goes nowhere; a final `/` stays. `%2e` stands for a dot in
    /// them (`/a/%2e%2E/b` is `/b`), as in a browser.
    static func removingDotSegments(_ path: String) -> String {
        var input = Substring(decodingDots(path))
        var output = ""
        func dropLastSegment() {
            output = output.lastIndex(of: "/").map { String(output[..<$0]) } ?? ""
        }
        while !input.isEmpty {
            if input.hasPrefix("../") {
                input = input.dropFirst(3)
            } else if input.hasPrefix("./") {
                input = input.dropFirst(2)
            } else if input.hasPrefix("/./") {
                input = "/" + input.dropFirst(3)
            } else if input == "/." {
                input = "/"
            } else if input.hasPrefix("/../") {
                input = "/" + input.dropFirst(4)
                dropLastSegment()
            } else if input == "/.." {
                input = "/"
                dropLastSegment()
            } else if input == "." || input == ".." {
                input = ""
            } else {
                // The first segment, with the `/` before it, moves to the output.
                let searchStart = input.hasPrefix("/") ? input.index(after: input.startIndex) : input.startIndex
                let end = input[searchStart...].firstIndex(of: "/") ?? input.endIndex
                output += input[..<end]
                input = input[end...]
            }
        }
        return output
    }

    /// `path` with each segment that is a dot or two dots, some written `%2e` (in any case),
    /// written with plain dots.
    private static func decodingDots(_ path: String) -> String {
        guard path.lowercased().contains("%2e") else { return path }
        return path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            switch segment.lowercased() {
            case "%2e": "."
            case ".%2e", "%2e.", "%2e%2e": ".."
            default: String(segment)
            }
        }.joined(separator: "/")
    }
}
