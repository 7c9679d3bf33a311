/// Finds where start tags, their attributes and a DOCTYPE begin, in the text on its way to
/// libxml2.
///
/// libxml2's parser knows the line it is on but not where a node began, and its position runs
/// ahead of the node. Columns matter (the PWA export is one single line), so this scanner
/// sees every byte libxml2 reads, in the same order, and queues the position of each start tag
/// and of each of its attributes. The reader takes one queued tag per element libxml2 reports:
/// both see the same tags in the same order, because comments, CDATA sections, processing
/// instructions and quoted attribute values (which may hold `<` or `>`) are skipped here too.
/// The queue only holds what libxml2 has read ahead, so memory does not grow with the document.
///
/// It also stops the text before what libxml2 must not parse: a DOCTYPE, and a start tag with
/// more than ``maximumAttributes`` attributes. libxml2 2.9 checks each attribute of a tag against
/// every one before it, so one tag of 160,000 attributes took 8 s and one of 640,000 over five
/// minutes; the same attributes spread over many elements take a fraction of a second.
///
/// Speed: every byte of the document passes through here, so the common path (text, a start
/// tag with its attributes, an end tag) runs straight through on local variables, text and
/// quoted values are searched eight bytes at a time for the one byte that ends them (or a line
/// feed), and names are skipped in tight loops. Columns are counted lazily, only where a
/// position is recorded: the characters since the last line feed or the last recorded position,
/// where a character starts at every byte that is not a UTF-8 continuation byte (also counted
/// eight bytes at a time). The text is always UTF-8, without a byte order mark, its lone CRs
/// made LFs: ``InputSource`` converts it so before the scanner and libxml2 see it.
struct MarkupScanner {
    /// The position of a start tag's `<` and how many attribute positions follow it.
    struct TagRecord {
        var position: SourcePosition
        var attributeCount: Int
    }

    private(set) var tags = FIFO<TagRecord>()
    private(set) var attributes = FIFO<SourcePosition>()
    /// The attributes of the tag last taken that are still in `attributes`.
    private var untakenAttributes = 0
    /// Where `<!DOCTYPE` starts, once seen.
    private(set) var doctypePosition: SourcePosition?
    /// Where a start tag with more than ``maximumAttributes`` attributes starts, once seen.
    private(set) var crowdedTagPosition: SourcePosition?

    /// The most attributes a start tag may have, namespace declarations included (libxml2 checks
    /// those against each other too). Real appDefs have at most 3 on an element and SVG files
    /// some 20 (Inkscape's `sodipodi:namedview`); a thousand costs libxml2's check under a
    /// millisecond, so a file of such tags still reads in linear time.
    static let maximumAttributes = 1000
    /// How many bytes of the document have been scanned.
    private(set) var bytesSeen = 0

    private enum State: UInt8 {
        case content, openAngle, tagName, inTag, attributeName, attributeValue, endTag
        case bang, commentOpen, comment, cdataOpen, cdata, processingInstruction
    }

    private var state = State.content
    private var line = 1
    /// The characters of the current line seen so far.
    private var column = 0
    private var markupStart = SourcePosition.start
    /// The document offset of the `<` at `markupStart`.
    private var markupStartOffset = 0
    private var currentTag: TagRecord?
    private var quote: UInt8 = 0
    private var runLength = 0
    private var attributeStart = SourcePosition.start
    private var attributeNameLength = 0
    private var attributeNameIsNamespace = true
    /// The attribute names of the current start tag so far, namespace declarations included.
    private var attributesInTag = 0

    /// Scans the next chunk of the document. Returns the number of bytes of `chunk` that may be
    /// given to the parser: all of them, unless this chunk holds a DOCTYPE or the attribute past
    /// ``maximumAttributes`` of a start tag, in which case the bytes from its `<` on are withheld
    /// (see ``stopsBeforeMarkup``): libxml2 never reads a DTD or an entity, nor parses the tag.
    mutating func scan(_ chunk: UnsafeRawBufferPointer) -> Int {
        let chunkStart = bytesSeen
        let count = chunk.count
        bytesSeen += count
        guard count > 0, let base = chunk.baseAddress else { return count }
        guard !stopsBeforeMarkup else { return 0 }
        let stops = scanCharacters(base, count: count, chunkStart: chunkStart)
        return stops ? max(0, markupStartOffset - chunkStart) : count
    }

    /// Whether the text stops at a DOCTYPE or a start tag with too many attributes: nothing from
    /// its `<` on is given to the parser. A tag that started in an earlier chunk has its start
    /// with libxml2 already, which waits for its `>` before it parses it, and never gets it.
    var stopsBeforeMarkup: Bool {
        doctypePosition != nil || crowdedTagPosition != nil
    }

    /// Where the scanner stands: just after the last byte scanned, when that byte ends a
    /// character (as converted text always does).
    var position: SourcePosition {
        SourcePosition(line: line, column: column + 1)
    }

    /// Takes the next start tag the parser has reported. Its attribute positions can then be
    /// taken with ``takeAttributePosition()``; those not taken are dropped at the next tag.
    mutating func takeTag() -> SourcePosition? {
        while untakenAttributes > 0 {
            _ = attributes.popFirst()
            untakenAttributes -= 1
        }
        guard let tag = tags.popFirst() else { return nil }
        untakenAttributes = tag.attributeCount
        return tag.position
    }

    /// Takes the position of the next attribute of the tag last taken; `nil` when it has no more.
    mutating func takeAttributePosition() -> SourcePosition? {
        guard untakenAttributes > 0 else { return nil }
        untakenAttributes -= 1
        return attributes.popFirst()
    }

    // MARK: - The state machine

    private static let lessThan = UInt8(ascii: "<"), greaterThan = UInt8(ascii: ">")
    private static let slash = UInt8(ascii: "/"), equals = UInt8(ascii: "=")
    private static let newline = UInt8(ascii: "\n")
    private static let doubleQuote = UInt8(ascii: "\""), singleQuote = UInt8(ascii: "'")

    /// Runs the state machine over `bytes[0..<count]`, the UTF-8 of the document from offset
    /// `chunkStart`: continuation bytes are not characters and are skipped, and a byte of 0x80
    /// or more is never markup. Returns whether a DOCTYPE or a start tag with too many
    /// attributes was found, at which point it stops.
    ///
    /// The common path (text, a start tag with its attributes, an end tag) runs straight through
    /// the cases below, which fall into one another; `state` only says where to resume when the
    /// chunk ends. Comments, CDATA sections, processing instructions and a DOCTYPE go one
    /// character at a time through ``step(_:state:)``.
    private mutating func scanCharacters(
        _ bytes: UnsafeRawPointer, count: Int, chunkStart: Int
    ) -> Bool {
        var state = self.state
        var line = self.line
        // `column` characters of the current line come before the byte at `columnIndex`.
        var column = self.column
        var columnIndex = 0
        var index = 0
        // The index of a `<` whose position is not worked out yet: only start tags (and a
        // DOCTYPE) need it, so end tags, comments and processing instructions never pay for it.
        var pendingMarkup = -1

        @inline(__always) func byte(_ i: Int) -> UInt8 { bytes.load(fromByteOffset: i, as: UInt8.self) }
        @inline(__always) func isContinuation(_ b: UInt8) -> Bool { b & 0xC0 == 0x80 }

        scanning: while index < count {
            switch state {
            case .content:
                // Text: only `<` and line ends matter.
                index = Self.firstIndex(of: Self.lessThan, orNewlineIn: bytes, from: index, to: count)
                while index < count && byte(index) == Self.newline {
                    line += 1
                    column = 0
                    columnIndex = index + 1
                    index = Self.firstIndex(of: Self.lessThan, orNewlineIn: bytes, from: index + 1, to: count)
                }
                guard index < count else { break scanning }
                pendingMarkup = index
                markupStartOffset = chunkStart + index
                index += 1
                state = .openAngle
                fallthrough

            case .openAngle:
                guard index < count else { break scanning }  // the `<` is placed after the loop
                let b = byte(index)
                if b == Self.slash || b == UInt8(ascii: "?") {
                    pendingMarkup = -1
                } else if pendingMarkup >= 0 && !isContinuation(b) {
                    column += Self.characters(bytes, from: columnIndex, to: pendingMarkup)
                    columnIndex = pendingMarkup
                    markupStart = SourcePosition(line: line, column: column + 1)
                    pendingMarkup = -1
                }
                index += 1
                switch b {
                case Self.slash:
                    state = .endTag
                    continue scanning
                case UInt8(ascii: "!"):
                    state = .bang
                    continue scanning
                case UInt8(ascii: "?"):
                    state = .processingInstruction
                    runLength = 0
                    continue scanning
                case Self.newline:
                    line += 1
                    column = 0
                    columnIndex = index
                default:
                    if isContinuation(b) { continue scanning }
                }
                currentTag = TagRecord(position: markupStart, attributeCount: 0)
                attributesInTag = 0
                state = .tagName
                fallthrough

            case .tagName:
                // Up to a space, `>` or `/`; other bytes, non-ASCII ones included, change nothing.
                while index < count {
                    let b = byte(index)
                    if b == Self.greaterThan || b == Self.slash || Self.isSpace(b) { break }
                    index += 1
                }
                guard index < count else {
                    state = .tagName
                    break scanning
                }
                if byte(index) == Self.greaterThan {
                    index += 1
                    finishTag()
                    state = .content
                    continue scanning
                }
                state = .inTag
                fallthrough  // the space or `/` is read there

            case .inTag, .attributeName:
                // Attributes, up to `>`: names are read here, values are skipped.
                if state == .attributeName {
                    // Resuming a name cut by the end of the last chunk.
                    index = readAttributeName(bytes, from: index, to: count)
                    guard index < count else { break scanning }
                    finishAttributeName()
                    state = .inTag
                }
                while index < count {
                    let b = byte(index)
                    switch b {
                    case Self.greaterThan:
                        index += 1
                        finishTag()
                        state = .content
                        continue scanning
                    case Self.doubleQuote, Self.singleQuote:
                        index = Self.firstIndex(of: b, orNewlineIn: bytes, from: index + 1, to: count)
                        while index < count && byte(index) == Self.newline {
                            line += 1
                            column = 0
                            columnIndex = index + 1
                            index = Self.firstIndex(of: b, orNewlineIn: bytes, from: index + 1, to: count)
                        }
                        guard index < count else {
                            quote = b
                            state = .attributeValue
                            break scanning
                        }
                        index += 1
                    case Self.newline:
                        line += 1
                        column = 0
                        index += 1
                        columnIndex = index
                    case 0x20, 0x09, 0x0D, Self.slash, Self.equals:
                        index += 1
                    default:
                        if isContinuation(b) {
                            index += 1
                            continue
                        }
                        column += Self.characters(bytes, from: columnIndex, to: index)
                        columnIndex = index
                        attributesInTag += 1
                        if attributesInTag > Self.maximumAttributes {
                            crowdedTagPosition = markupStart
                            self.state = state
                            self.line = line
                            self.column = column
                            return true
                        }
                        attributeStart = SourcePosition(line: line, column: column + 1)
                        attributeNameLength = 0
                        attributeNameIsNamespace = true
                        index = readAttributeName(bytes, from: index, to: count)
                        guard index < count else {
                            state = .attributeName
                            break scanning
                        }
                        // The byte that ends the name is read by the next turn of this loop.
                        finishAttributeName()
                    }
                }
                state = .inTag
                break scanning

            case .attributeValue, .endTag:
                // Up to the closing quote or `>`; a value may span lines.
                let end = state == .endTag ? Self.greaterThan : quote
                index = Self.firstIndex(of: end, orNewlineIn: bytes, from: index, to: count)
                while index < count && byte(index) == Self.newline {
                    line += 1
                    column = 0
                    columnIndex = index + 1
                    index = Self.firstIndex(of: end, orNewlineIn: bytes, from: index + 1, to: count)
                }
                guard index < count else { break scanning }
                state = state == .endTag ? .content : .inTag
                index += 1

            case .bang, .commentOpen, .comment, .cdataOpen, .cdata, .processingInstruction:
                // One character at a time.
                let b = byte(index)
                index += 1
                if b == Self.newline {
                    line += 1
                    column = 0
                    columnIndex = index
                } else if isContinuation(b) {
                    continue scanning
                }
                if !step(b, state: &state) {
                    self.state = state
                    self.line = line
                    self.column = column
                    return true
                }
            }
        }

        if pendingMarkup >= 0 {  // the chunk ends just after a `<`, whose bytes are not kept
            column += Self.characters(bytes, from: columnIndex, to: pendingMarkup)
            columnIndex = pendingMarkup
            markupStart = SourcePosition(line: line, column: column + 1)
        }
        self.state = state
        self.line = line
        self.column = column + Self.characters(bytes, from: columnIndex, to: max(columnIndex, index))
        return false
    }

    /// Reads an attribute name from `index` to the byte that ends it (a space, `=`, `/` or `>`),
    /// noting whether it declares a namespace. Returns that byte's index, or `end`.
    @inline(__always)
    private mutating func readAttributeName(_ bytes: UnsafeRawPointer, from start: Int, to end: Int) -> Int {
        var length = attributeNameLength
        var isNamespace = attributeNameIsNamespace
        var index = start
        while index < end {
            let b = bytes.load(fromByteOffset: index, as: UInt8.self)
            if b == Self.equals || b == Self.greaterThan || b == Self.slash || Self.isSpace(b) { break }
            index += 1
            // Once the name is known not to be `xmlns…`, its length no longer matters.
            guard isNamespace else { continue }
            if b & 0xC0 == 0x80 { continue }  // not a character
            if length < 6 { isNamespace = b == Self.namespacePrefix(length) }
            length += 1
        }
        attributeNameLength = length
        attributeNameIsNamespace = isNamespace
        return index
    }

    /// The rare states, one character at a time. Returns `false` at a DOCTYPE.
    private mutating func step(_ b: UInt8, state: inout State) -> Bool {
        switch state {
        case .bang:
            switch b {
            case UInt8(ascii: "-"): state = .commentOpen
            case UInt8(ascii: "["):
                state = .cdataOpen
                runLength = 0
            case UInt8(ascii: "D"):
                doctypePosition = markupStart
                return false
            default: state = .content  // malformed: libxml2 reports it
            }
        case .commentOpen:
            state = b == UInt8(ascii: "-") ? .comment : .content
            runLength = 0
        case .comment:
            if b == UInt8(ascii: "-") {
                runLength += 1
            } else {
                if b == Self.greaterThan && runLength >= 2 { state = .content }
                runLength = 0
            }
        case .cdataOpen:
            // "<![" has been read; "CDATA[" must follow.
            let expected: StaticString = "CDATA["
            if b == expected.utf8Start[runLength] {
                runLength += 1
                if runLength == expected.utf8CodeUnitCount {
                    state = .cdata
                    runLength = 0
                }
            } else {
                state = .content
            }
        case .cdata:
            if b == UInt8(ascii: "]") {
                runLength += 1
            } else {
                if b == Self.greaterThan && runLength >= 2 { state = .content }
                runLength = 0
            }
        case .processingInstruction:
            if b == Self.greaterThan && runLength == 1 { state = .content }
            runLength = b == UInt8(ascii: "?") ? 1 : 0
        default:
            break
        }
        return true
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The index of the first byte of `bytes[start..<end]` that is `target` or a line feed, or
    /// `end`. Eight bytes at a time: in `word ^ pattern` a matching byte is zero, and the lowest
    /// byte flagged by `(x - 0x01…) & ~x & 0x80…` is exactly the first zero byte (a borrow only
    /// flags bytes above a true zero).
    @inline(__always)
    private static func firstIndex(of target: UInt8, orNewlineIn bytes: UnsafeRawPointer, from start: Int, to end: Int) -> Int {
        var index = start
        let targets = ones &* UInt64(target)
        let newlines = ones &* UInt64(newline)
        while index &+ 8 <= end {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let x = word ^ targets
            let y = word ^ newlines
            let found = ((x &- ones) & ~x | (y &- ones) & ~y) & highBits
            if found != 0 { return index &+ found.trailingZeroBitCount &>> 3 }
            index &+= 8
        }
        while index < end {
            let b = bytes.load(fromByteOffset: index, as: UInt8.self)
            if b == target || b == newline { return index }
            index &+= 1
        }
        return end
    }

    /// The characters in `bytes[start..<end]`: the bytes that are not UTF-8 continuation bytes
    /// (10xxxxxx), counted eight bytes at a time. `end` is the index of a byte
    /// already scanned in the same buffer, so the eight bytes before it can always be read
    /// when `end >= 8`: the last partial word is read that way, its earlier bytes masked off.
    @inline(__always)
    private static func characters(_ bytes: UnsafeRawPointer, from start: Int, to end: Int) -> Int {
        if start >= end { return 0 }
        var continuationBytes = 0
        var index = start
        while index &+ 8 <= end {
            continuationBytes &+= continuationBytesIn(bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            index &+= 8
        }
        let rest = end &- index
        if rest > 0 {
            if end >= 8 {
                let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: end &- 8, as: UInt64.self))
                continuationBytes &+= continuationBytesIn((word &>> (64 &- 8 &* rest)).littleEndian)
            } else {
                while index < end {
                    continuationBytes &+= bytes.load(fromByteOffset: index, as: UInt8.self) & 0xC0 == 0x80 ? 1 : 0
                    index &+= 1
                }
            }
        }
        return end &- start &- continuationBytes
    }

    /// How many of the eight bytes of `word` are UTF-8 continuation bytes (bit 7 set, bit 6
    /// clear): a 1 in each such byte's low bit, then all bytes summed by one multiplication.
    @inline(__always)
    private static func continuationBytesIn(_ word: UInt64) -> Int {
        guard word & highBits != 0 else { return 0 }
        let flags = (word & ~(word &<< 1) & highBits) &>> 7
        return Int(truncatingIfNeeded: (flags &* ones) &>> 56)
    }

    /// `xmlns` or a name starting with `xmlns:` declares a namespace: the byte at `index` (< 6).
    @inline(__always)
    private static func namespacePrefix(_ index: Int) -> UInt8 {
        let prefix: StaticString = "xmlns:"
        return prefix.utf8Start[index]
    }

    /// Namespace declarations are not attributes to libxml2's tree, so they are not queued.
    @inline(__always)
    private mutating func finishAttributeName() {
        let isNamespace = attributeNameIsNamespace && attributeNameLength >= 5
        if !isNamespace, currentTag != nil {
            attributes.append(attributeStart)
            currentTag!.attributeCount += 1
        }
    }

    @inline(__always)
    private mutating func finishTag() {
        if let tag = currentTag { tags.append(tag) }
        currentTag = nil
    }

    @inline(__always)
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }
}
