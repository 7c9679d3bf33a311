/// Builds the node tree of a template from its tokens, with the spec's rule for standalone
/// lines: a line holding only white space and one tag other than a variable (a section tag, a
/// comment, a partial, a set-delimiters tag or a pragma) is removed whole, line ending included.
struct MustacheParser {
    /// Sections nested deeper than this are refused: rendering recurses once per level.
    static let maximumNesting = 100

    private let source: MustacheSource

    /// The nodes of `source`, or the first syntax error in it.
    static func parse(_ source: MustacheSource) throws(MustacheSyntaxError) -> [MustacheNode] {
        let parser = MustacheParser(source: source)
        let lines = parser.removingStandaloneLines(try MustacheScanner.tokens(of: source))
        return try parser.tree(of: lines)
    }

    // MARK: - Standalone lines

    /// A token after the standalone rule: a tag knows whether it stood alone on its line, and
    /// the white space before it then.
    private enum Piece {
        case text(Range<Int>)
        /// A line starts at this offset.
        case lineStart(Int)
        case tag(MustacheTag, standaloneIndentation: String?)
    }

    private func removingStandaloneLines(_ tokens: [MustacheToken]) -> [Piece] {
        var pieces: [Piece] = []
        var lineStart = 0
        while lineStart < tokens.count {
            var lineEnd = lineStart
            while lineEnd < tokens.count {
                lineEnd += 1
                if case .text(let range) = tokens[lineEnd - 1], source.bytes[range.upperBound - 1] == UInt8(ascii: "\n") { break }
            }
            append(line: tokens[lineStart..<lineEnd], to: &pieces)
            lineStart = lineEnd
        }
        return pieces
    }

    private func append(line: ArraySlice<MustacheToken>, to pieces: inout [Piece]) {
        let tags = line.compactMap { token -> MustacheTag? in
            if case .tag(let tag) = token { tag } else { nil }
        }
        let textIsBlank = line.allSatisfy { token in
            if case .text(let range) = token { isBlank(range) } else { true }
        }
        if tags.count == 1, let tag = tags.first, tag.canStandAlone, textIsBlank {
            var indentation = ""
            if case .text(let range)? = line.first { indentation = source.text(range) }
            pieces.append(.tag(tag, standaloneIndentation: indentation))
            return
        }
        if !isLineEndingOnly(line), let start = line.first?.offset { pieces.append(.lineStart(start)) }
        for token in line {
            switch token {
            case .text(let range): pieces.append(.text(range))
            case .tag(let tag): pieces.append(.tag(tag, standaloneIndentation: nil))
            }
        }
    }

    /// Spaces and tabs only, up to a line ending (LF or CR LF) if there is one.
    private func isBlank(_ range: Range<Int>) -> Bool {
        var end = range.upperBound
        if source.bytes[end - 1] == UInt8(ascii: "\n") {
            end -= 1
            if end > range.lowerBound, source.bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        }
        return source.bytes[range.lowerBound..<end].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }

    /// An empty line: nothing to indent.
    private func isLineEndingOnly(_ line: ArraySlice<MustacheToken>) -> Bool {
        guard line.count == 1, case .text(let range)? = line.first else { return false }
        return source.text(range) == "\n" || source.text(range) == "\r\n"
    }

    // MARK: - The tree

    /// A section whose end has not been read yet.
    private struct OpenSection {
        var name: MustacheName
        var inverted: Bool
        var tag: MustacheTag
        var children: [MustacheNode] = []
    }

    private func tree(of pieces: [Piece]) throws(MustacheSyntaxError) -> [MustacheNode] {
        var root: [MustacheNode] = []
        var open: [OpenSection] = []
        func add(_ kind: MustacheNode.Kind, at offset: Int) {
            let node = MustacheNode(kind: kind, offset: offset)
            if open.isEmpty { root.append(node) } else { open[open.count - 1].children.append(node) }
        }
        for piece in pieces {
            switch piece {
            case .text(let range): add(.text(source.text(range)), at: range.lowerBound)
            case .lineStart(let offset): add(.lineStart, at: offset)
            case .tag(let tag, let standaloneIndentation):
                switch tag.kind {
                case .variable, .unescapedVariable:
                    add(.variable(try name(of: tag), escaped: tag.kind == .variable), at: tag.start)
                case .section, .invertedSection:
                    guard open.count < Self.maximumNesting else {
                        throw source.error("sections are nested more than \(Self.maximumNesting) deep", at: tag.contentStart)
                    }
                    open.append(OpenSection(name: try name(of: tag), inverted: tag.kind == .invertedSection, tag: tag))
                case .sectionEnd:
                    let name = try name(of: tag)
                    guard let section = open.popLast() else {
                        throw source.error("'\(name)' closes a section that is not open", at: tag.contentStart)
                    }
                    guard section.name == name else {
                        let opened = source.position(of: section.tag.contentStart)
                        throw source.error(
                            "'\(name)' closes a section that is not the one open: that is '\(section.name)', opened at line \(opened.line), column \(opened.column)",
                            at: tag.contentStart)
                    }
                    add(.section(name, inverted: section.inverted, children: section.children), at: section.tag.start)
                case .partial:
                    add(.partial(try partialName(of: tag), indentation: standaloneIndentation), at: tag.start)
                case .pragma:
                    add(.escaping(try escaping(of: tag)), at: tag.start)
                case .comment, .setDelimiters:
                    break  // the scanner has already followed the delimiters
                }
            }
        }
        if let unclosed = open.last {
            throw source.error("the section '\(unclosed.name)' is not closed: '/\(unclosed.name)' is missing", at: unclosed.tag.contentStart)
        }
        return root
    }

    // MARK: - Tag contents

    private func name(of tag: MustacheTag) throws(MustacheSyntaxError) -> MustacheName {
        let text = tag.content
        guard !text.isEmpty else { throw source.error("this tag has no name", at: tag.contentStart) }
        if text == "." { return MustacheName(parts: [], inCurrentValueOnly: true) }
        guard !text.contains(where: \.isWhitespace) else {
            throw source.error("'\(text)' is not a name: a name has no spaces", at: tag.contentStart)
        }
        guard !text.contains("("), !text.contains(")") else {
            throw source.error("'\(text)' is not a name: functions in names are not supported", at: tag.contentStart)
        }
        let inCurrentValueOnly = text.hasPrefix(".")
        let parts = text.dropFirst(inCurrentValueOnly ? 1 : 0).split(separator: ".", omittingEmptySubsequences: false)
        guard !parts.contains(where: \.isEmpty) else {
            throw source.error("'\(text)' is not a name: a dot goes between two names, before one, or alone for the current value", at: tag.contentStart)
        }
        return MustacheName(parts: parts.map(String.init), inCurrentValueOnly: inCurrentValueOnly)
    }

    private func partialName(of tag: MustacheTag) throws(MustacheSyntaxError) -> String {
        let text = tag.content
        guard !text.isEmpty else { throw source.error("this partial tag names no template", at: tag.contentStart) }
        guard !text.hasPrefix("*") else {
            throw source.error("dynamic partial names ('>*name') are not supported", at: tag.contentStart)
        }
        guard !text.contains(where: \.isWhitespace) else {
            throw source.error("'\(text)' is not a template name: it has spaces", at: tag.contentStart)
        }
        return text
    }

    /// `CONTENT_TYPE: TEXT` or `CONTENT_TYPE: HTML`, the one pragma there is.
    private func escaping(of tag: MustacheTag) throws(MustacheSyntaxError) -> MustacheEscaping {
        let parts = tag.content.split(separator: ":", maxSplits: 1).map(Self.trimmed)
        guard parts.count == 2, parts[0] == "CONTENT_TYPE" else {
            throw source.error("unknown pragma '\(tag.content)': the one pragma is CONTENT_TYPE: TEXT or HTML", at: tag.contentStart)
        }
        switch parts[1] {
        case "HTML": return .html
        case "TEXT": return .none
        default:
            throw source.error("unknown content type '\(parts[1])': it is TEXT or HTML", at: tag.contentStart)
        }
    }

    /// `text` without white space at either end.
    private static func trimmed(_ text: Substring) -> String {
        var text = text
        while text.first?.isWhitespace == true { text.removeFirst() }
        while text.last?.isWhitespace == true { text.removeLast() }
        return String(text)
    }
}
