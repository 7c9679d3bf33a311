/// Finds where start tags, their attributes and a DOCTYPE begin, in the raw bytes on their way
/// to libxml2.
///
/// libxml2's streaming reader knows a node's line but not its column, and its parser position
/// runs ahead of the node. Columns matter (the PWA export is one single line), so this scanner
/// sees every byte libxml2 reads, in the same order, and queues the position of each start tag
/// and of each of its attributes. The reader takes one queued tag per element node it reports:
/// both see the same tags in the same order, because comments, CDATA sections, processing
/// instructions and quoted attribute values (which may hold `<` or `>`) are skipped here too.
/// The queue only holds what libxml2 has read ahead, so memory does not grow with the document.
struct MarkupScanner {
    /// The position of a start tag's `<` and how many attribute positions follow it.
    struct TagRecord {
        var position: SourcePosition
        var attributeCount: Int
    }

    private(set) var tags = FIFO<TagRecord>()
    private(set) var attributes = FIFO<SourcePosition>()
    /// Where `<!DOCTYPE` starts, once seen.
    private(set) var doctypePosition: SourcePosition?
    /// The layout used to count characters; fixed by the first bytes seen.
    private(set) var layout: CodeUnitLayout?
    /// How many bytes of the document have been scanned.
    private(set) var bytesSeen = 0

    private enum State: UInt8 {
        case content, openAngle, tagName, inTag, attributeName, attributeValue, endTag
        case bang, commentOpen, comment, cdataOpen, cdata, processingInstruction
    }

    private var state = State.content
    private var line = 1
    private var column = 0
    /// A byte of a UTF-16 unit split across two chunks.
    private var pendingByte: UInt8?
    private var markupStart = SourcePosition.start
    private var markupStartOffset = 0
    private var currentTag: TagRecord?
    private var quote: UInt16 = 0
    private var runLength = 0
    private var attributeStart = SourcePosition.start
    private var attributeNameLength = 0
    private var attributeNameIsNamespace = true

    /// Scans the next chunk of the document. Returns the number of bytes of `chunk` that may be
    /// given to the parser: all of them, unless a DOCTYPE starts in this chunk, in which case the
    /// bytes from its `<` on are withheld so that libxml2 never reads a DTD or an entity.
    mutating func scan(_ chunk: UnsafeRawBufferPointer) -> Int {
        if layout == nil {
            layout = CodeUnitLayout.sniff(chunk)
        }
        let chunkStart = bytesSeen
        var index = 0
        let count = chunk.count
        switch layout! {
        case .utf8, .singleByte:
            let countsContinuation = layout == .singleByte
            if chunkStart == 0, count >= 3, chunk[0] == 0xEF, chunk[1] == 0xBB, chunk[2] == 0xBF {
                index = 3
            }
            while index < count {
                let byte = chunk[index]
                if byte < 0x80 {
                    column &+= 1
                    step(UInt16(byte), offset: chunkStart + index)
                } else if countsContinuation || byte & 0xC0 != 0x80 {
                    column &+= 1
                    step(Self.otherCharacter, offset: chunkStart + index)
                }
                if doctypePosition != nil {
                    bytesSeen += count
                    return max(0, markupStartOffset - chunkStart)
                }
                index += 1
            }
        case .utf16LittleEndian, .utf16BigEndian:
            let littleEndian = layout == .utf16LittleEndian
            while index < count {
                guard let first = pendingByte else {
                    pendingByte = chunk[index]
                    index += 1
                    continue
                }
                pendingByte = nil
                let second = chunk[index]
                let unit = littleEndian
                    ? UInt16(first) | UInt16(second) << 8 : UInt16(first) << 8 | UInt16(second)
                let unitOffset = chunkStart + index - 1
                index += 1
                if unitOffset == 0 && unit == 0xFEFF { continue }
                if !(0xDC00...0xDFFF).contains(unit) {
                    column &+= 1
                    step(unit < 0x80 ? unit : Self.otherCharacter, offset: unitOffset)
                }
                if doctypePosition != nil {
                    bytesSeen += count
                    return max(0, markupStartOffset - chunkStart)
                }
            }
        }
        bytesSeen += count
        return count
    }

    /// Takes the next start tag the parser has reported, with its attribute positions appended
    /// to `attributePositions` (which is emptied first).
    mutating func takeTag(attributePositions: inout [SourcePosition]) -> SourcePosition? {
        attributePositions.removeAll(keepingCapacity: true)
        guard let tag = tags.popFirst() else { return nil }
        for _ in 0..<tag.attributeCount {
            if let position = attributes.popFirst() { attributePositions.append(position) }
        }
        return tag.position
    }

    // MARK: - The state machine, one ASCII character at a time

    private mutating func step(_ unit: UInt16, offset: Int) {
        let here = SourcePosition(line: line, column: column)
        if unit == 0x0A {
            line += 1
            column = 0
        }
        switch state {
        case .content:
            if unit == ascii("<") {
                markupStart = here
                markupStartOffset = offset
                state = .openAngle
            }
        case .openAngle:
            switch unit {
            case ascii("/"): state = .endTag
            case ascii("!"): state = .bang
            case ascii("?"): state = .processingInstruction; runLength = 0
            default:
                currentTag = TagRecord(position: markupStart, attributeCount: 0)
                state = .tagName
            }
        case .tagName:
            if isSpace(unit) {
                state = .inTag
            } else if unit == ascii(">") {
                finishTag()
            } else if unit == ascii("/") {
                state = .inTag
            }
        case .inTag:
            if unit == ascii(">") {
                finishTag()
            } else if unit == ascii("\"") || unit == ascii("'") {
                quote = unit
                state = .attributeValue
            } else if !isSpace(unit) && unit != ascii("/") && unit != ascii("=") {
                attributeStart = here
                attributeNameLength = 0
                attributeNameIsNamespace = true
                state = .attributeName
                appendToAttributeName(unit)
            }
        case .attributeName:
            if isSpace(unit) || unit == ascii("=") || unit == ascii("/") || unit == ascii(">") {
                finishAttributeName()
                if unit == ascii(">") { finishTag() } else { state = .inTag }
            } else {
                appendToAttributeName(unit)
            }
        case .attributeValue:
            if unit == quote { state = .inTag }
        case .endTag:
            if unit == ascii(">") { state = .content }
        case .bang:
            switch unit {
            case ascii("-"): state = .commentOpen
            case ascii("["): state = .cdataOpen; runLength = 0
            case ascii("D"): doctypePosition = markupStart
            default: state = .content  // malformed: libxml2 reports it
            }
        case .commentOpen:
            state = unit == ascii("-") ? .comment : .content
            runLength = 0
        case .comment:
            if unit == ascii("-") {
                runLength += 1
            } else {
                if unit == ascii(">") && runLength >= 2 { state = .content }
                runLength = 0
            }
        case .cdataOpen:
            // "<![" has been read; "CDATA[" must follow.
            let expected: [UInt16] = [0x43, 0x44, 0x41, 0x54, 0x41, 0x5B]
            if unit == expected[runLength] {
                runLength += 1
                if runLength == expected.count { state = .cdata; runLength = 0 }
            } else {
                state = .content
            }
        case .cdata:
            if unit == ascii("]") {
                runLength += 1
            } else {
                if unit == ascii(">") && runLength >= 2 { state = .content }
                runLength = 0
            }
        case .processingInstruction:
            if unit == ascii(">") && runLength == 1 { state = .content }
            runLength = unit == ascii("?") ? 1 : 0
        }
    }

    /// Every non-ASCII character reaches the state machine as this one code: it is never markup,
    /// but it can start a name (`<b 👍="x">` is well-formed).
    private static let otherCharacter: UInt16 = 0x80

    private mutating func appendToAttributeName(_ unit: UInt16) {
        let namespacePrefix: [UInt16] = [0x78, 0x6D, 0x6C, 0x6E, 0x73]  // "xmlns"
        if attributeNameLength < namespacePrefix.count {
            attributeNameIsNamespace = attributeNameIsNamespace
                && unit == namespacePrefix[attributeNameLength]
        } else if attributeNameLength == namespacePrefix.count {
            attributeNameIsNamespace = attributeNameIsNamespace && unit == ascii(":")
        }
        attributeNameLength += 1
    }

    /// Namespace declarations are not attributes to libxml2's tree, so they are not queued.
    private mutating func finishAttributeName() {
        let isNamespace = attributeNameIsNamespace && attributeNameLength >= 5
        if !isNamespace, currentTag != nil {
            attributes.append(attributeStart)
            currentTag!.attributeCount += 1
        }
    }

    private mutating func finishTag() {
        if let tag = currentTag { tags.append(tag) }
        currentTag = nil
        state = .content
    }

    private func isSpace(_ unit: UInt16) -> Bool {
        unit == 0x20 || unit == 0x0A || unit == 0x09 || unit == 0x0D
    }

    private func ascii(_ character: Unicode.Scalar) -> UInt16 { UInt16(character.value) }
}
