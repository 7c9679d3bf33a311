import Foundation

/// Changes a generated page for the preview only: its Content-Security-Policy also allows
/// `connect-src 'self'` (the live reload fetches the build counter), and the live-reload tags go
/// at the end of its `<head>`. What `build` writes is never changed.
enum PreviewHTMLRewriter {
    /// `html` with the policy widened and `tags` inserted before `</head>` (before `<body>`, or at
    /// the end, in a page without one).
    static func rewrite(_ html: String, inserting tags: String) -> String {
        var page = allowingConnections(in: html)
        if let head = range(of: "</head", in: page, backwards: true) ?? range(of: "<body", in: page, backwards: false) {
            page.insert(contentsOf: tags, at: head.lowerBound)
        } else {
            page += tags
        }
        return page
    }

    /// Every `<meta http-equiv="Content-Security-Policy" content="…">` of `html` with `'self'`
    /// added to its `connect-src` (the directive added when missing, `'none'` replaced).
    static func allowingConnections(in html: String) -> String {
        var result = ""
        var rest = html[...]
        while let tagStart = range(of: "<meta", in: rest, backwards: false),
            let tagEnd = rest[tagStart.upperBound...].firstIndex(of: ">")
        {
            result += rest[..<tagStart.lowerBound]
            let tag = rest[tagStart.lowerBound...tagEnd]
            result += isPolicyTag(tag) ? rewritingContent(of: tag) : String(tag)
            rest = rest[rest.index(after: tagEnd)...]
        }
        return result + String(rest)
    }

    /// A policy with `'self'` among the sources of `connect-src`.
    static func allowingConnections(policy: String) -> String {
        var directives = policy.split(separator: ";").map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
            .filter { !$0.isEmpty }
        if let index = directives.firstIndex(where: { $0.split(separator: " ").first?.lowercased() == "connect-src" }) {
            let sources = directives[index].split(separator: " ").dropFirst().map { $0.lowercased() }
            if sources.contains("'none'") || sources.isEmpty {
                directives[index] = "connect-src 'self'"
            } else if !sources.contains("'self'") {
                directives[index] += " 'self'"
            }
        } else {
            directives.append("connect-src 'self'")
        }
        return directives.joined(separator: "; ")
    }

    private static func isPolicyTag(_ tag: Substring) -> Bool {
        let compact = tag.lowercased().replacingOccurrences(of: "'", with: "\"")
        return compact.contains("http-equiv=\"content-security-policy\"")
    }

    /// The tag with its `content` attribute's policy widened; the value is decoded, changed and
    /// escaped again.
    private static func rewritingContent(of tag: Substring) -> String {
        guard let name = range(of: "content=", in: tag, backwards: false) else { return String(tag) }
        let afterName = tag[name.upperBound...]
        guard let quote = afterName.first, quote == "\"" || quote == "'" else { return String(tag) }
        let valueStart = afterName.index(after: afterName.startIndex)
        guard let valueEnd = afterName[valueStart...].firstIndex(of: quote) else { return String(tag) }
        let policy = allowingConnections(policy: decodingEntities(String(afterName[valueStart..<valueEnd])))
        return String(tag[..<valueStart]) + PreviewPages.escaped(policy) + String(tag[valueEnd...])
    }

    /// The few entities a policy's quotes and ampersands are written with.
    private static func decodingEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return [("&#39;", "'"), ("&#x27;", "'"), ("&apos;", "'"), ("&quot;", "\""), ("&#34;", "\""), ("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&")]
            .reduce(text) { $0.replacingOccurrences(of: $1.0, with: $1.1, options: .caseInsensitive) }
    }

    /// Where `needle` (ASCII) occurs in `text`, ignoring case.
    private static func range(of needle: String, in text: some StringProtocol, backwards: Bool) -> Range<String.Index>? {
        text.range(of: needle, options: backwards ? [.caseInsensitive, .backwards] : .caseInsensitive)
    }
}
