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
        let compact = tag.lowercased().replacing("'", with: "\"")
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

    /// The few entities a policy's quotes and ampersands are written with, in any case.
    private static let entities: [String: String] = [
        "&#39;": "'", "&#x27;": "'", "&apos;": "'", "&quot;": "\"", "&#34;": "\"", "&lt;": "<", "&gt;": ">", "&amp;": "&",
    ]

    /// `text` with those entities decoded, in one pass: a decoded `&` never starts another entity.
    private static func decodingEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = text[...]
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let candidate = rest[ampersand...].prefix(8)
            if let semicolon = candidate.firstIndex(of: ";"), let decoded = entities[rest[ampersand...semicolon].lowercased()] {
                result += decoded
                rest = rest[rest.index(after: semicolon)...]
            } else {
                result += "&"
                rest = rest[rest.index(after: ampersand)...]
            }
        }
        return result + rest
    }

    /// Where `needle` (ASCII) occurs in `text`, ignoring case: the first occurrence, or the last.
    private static func range(of needle: String, in text: some StringProtocol, backwards: Bool) -> Range<String.Index>? {
        let pattern = Array(needle.lowercased().utf8)
        let bytes = text.utf8
        var found: Range<String.Index>?
        var start = bytes.startIndex
        while start != bytes.endIndex {
            var index = start
            var matched = 0
            while matched < pattern.count, index != bytes.endIndex, asciiLowercased(bytes[index]) == pattern[matched] {
                index = bytes.index(after: index)
                matched += 1
            }
            if matched == pattern.count {
                if !backwards { return start..<index }
                found = start..<index
            }
            start = bytes.index(after: start)
        }
        return found
    }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
