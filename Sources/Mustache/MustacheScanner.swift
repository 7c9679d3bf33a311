/// One piece of a template as the scanner finds it.
enum MustacheToken {
    /// Literal text. It never goes past a line ending: a line ending is the last thing in it.
    case text(Range<Int>)
    case tag(MustacheTag)

    /// The offset of the token's first byte.
    var offset: Int {
        switch self {
        case .text(let range): range.lowerBound
        case .tag(let tag): tag.start
        }
    }
}

/// A tag as written: its kind, its content, and where it is.
struct MustacheTag {
    enum Kind {
        /// `{{name}}`
        case variable
        /// `{{{name}}}` or `{{&name}}`
        case unescapedVariable
        /// `{{#name}}`
        case section
        /// `{{^name}}`
        case invertedSection
        /// `{{/name}}`
        case sectionEnd
        /// `{{! ... }}`
        case comment
        /// `{{> name}}`
        case partial
        /// `{{=<% %>=}}`
        case setDelimiters
        /// `{{% CONTENT_TYPE: TEXT }}`
        case pragma
    }

    var kind: Kind
    /// What is between the sigil and the closing delimiter, without the white space around it.
    var content: String
    /// The offset of the opening delimiter.
    var start: Int
    /// The offset of the content (of the closing delimiter when the content is empty).
    var contentStart: Int

    /// Whether the tag, alone on a line, takes the whole line with it (the spec's standalone
    /// tags). Only variables, which insert something, never do.
    var canStandAlone: Bool {
        kind != .variable && kind != .unescapedVariable
    }
}

/// Splits a template into literal text and tags, following set-delimiter tags as it goes.
struct MustacheScanner {
    private let source: MustacheSource
    private var bytes: [UInt8] { source.bytes }
    private var opening = Array("{{".utf8)
    private var closing = Array("}}".utf8)
    private var tokens: [MustacheToken] = []

    /// The tokens of `source`, in order.
    static func tokens(of source: MustacheSource) throws(MustacheSyntaxError) -> [MustacheToken] {
        var scanner = MustacheScanner(source: source)
        try scanner.scan()
        return scanner.tokens
    }

    private init(source: MustacheSource) {
        self.source = source
    }

    private mutating func scan() throws(MustacheSyntaxError) {
        var offset = 0
        while offset < bytes.count {
            guard let tagStart = find(opening, from: offset) else { break }
            appendText(offset..<tagStart)
            offset = try scanTag(at: tagStart)
        }
        appendText(offset..<bytes.count)
    }

    /// Adds literal text, cut after each line ending.
    private mutating func appendText(_ range: Range<Int>) {
        var start = range.lowerBound
        for offset in range where bytes[offset] == UInt8(ascii: "\n") {
            tokens.append(.text(start..<offset + 1))
            start = offset + 1
        }
        if start < range.upperBound { tokens.append(.text(start..<range.upperBound)) }
    }

    /// Reads the tag whose opening delimiter is at `start`; returns the offset after it.
    private mutating func scanTag(at start: Int) throws(MustacheSyntaxError) -> Int {
        var contentStart = start + opening.count
        let sigil = contentStart < bytes.count ? bytes[contentStart] : 0
        let kind: MustacheTag.Kind
        var terminator = closing
        switch sigil {
        case UInt8(ascii: "{"):
            kind = .unescapedVariable
            terminator = Array("}".utf8) + closing
        case UInt8(ascii: "&"): kind = .unescapedVariable
        case UInt8(ascii: "#"): kind = .section
        case UInt8(ascii: "^"): kind = .invertedSection
        case UInt8(ascii: "/"): kind = .sectionEnd
        case UInt8(ascii: "!"): kind = .comment
        case UInt8(ascii: ">"): kind = .partial
        case UInt8(ascii: "%"): kind = .pragma
        case UInt8(ascii: "="):
            kind = .setDelimiters
            terminator = Array("=".utf8) + closing
        case UInt8(ascii: "<"), UInt8(ascii: "$"):
            throw source.error("template inheritance ('<' and '$' tags) is not supported", at: start)
        default: kind = .variable
        }
        if kind != .variable { contentStart += 1 }
        guard let contentEnd = find(terminator, from: contentStart) else {
            throw source.error("this tag is not closed: '\(String(decoding: terminator, as: UTF8.self))' is missing", at: start)
        }
        var content = contentStart..<contentEnd
        while let first = content.first, Self.isWhiteSpace(bytes[first]) { content = content.dropFirst() }
        while let last = content.last, Self.isWhiteSpace(bytes[last]) { content = content.dropLast() }
        let tag = MustacheTag(kind: kind, content: source.text(content), start: start, contentStart: content.lowerBound)
        if kind == .setDelimiters { try setDelimiters(tag) }
        tokens.append(.tag(tag))
        return contentEnd + terminator.count
    }

    /// `{{=<% %>=}}`: two delimiters, neither empty nor with white space or `=` in it.
    private mutating func setDelimiters(_ tag: MustacheTag) throws(MustacheSyntaxError) {
        let parts = tag.content.split(whereSeparator: { $0.isWhitespace })
        guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
            throw source.error(
                "the set-delimiters tag needs two delimiters without spaces or '=' in them, as in {{=<% %>=}}", at: tag.contentStart)
        }
        opening = Array(parts[0].utf8)
        closing = Array(parts[1].utf8)
    }

    /// The offset of the next occurrence of `needle` at or after `offset`.
    private func find(_ needle: [UInt8], from offset: Int) -> Int? {
        guard let first = needle.first, needle.count <= bytes.count else { return nil }
        var candidate = offset
        let last = bytes.count - needle.count
        while candidate <= last {
            if bytes[candidate] == first, bytes[candidate..<candidate + needle.count].elementsEqual(needle) { return candidate }
            candidate += 1
        }
        return nil
    }

    private static func isWhiteSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }
}
