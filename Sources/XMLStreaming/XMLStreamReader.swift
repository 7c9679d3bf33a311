internal import CLibXML2

/// A forward-only cursor over an XML document, on libxml2's SAX2 push parser.
///
/// The document is read in chunks; each chunk is made UTF-8 (``InputSource``: libxml2 reads
/// nothing else), goes through the ``MarkupScanner`` (positions, and the DOCTYPE lock) and
/// then to libxml2, whose callbacks copy the nodes into a
/// ``NodeBuffer`` that the cursor walks. No tree is built, so memory stays flat however large
/// the document is, and nothing here builds Swift values unless asked (``name``, ``text``,
/// ``readAttributes()``, ``readElement()``). ``nameEquals(_:)`` compares bytes without allocating.
///
/// Safety: the parser never touches the network, never loads a DTD and never expands an entity;
/// a DOCTYPE is not even given to libxml2 (see ``MarkupScanner``) and ends the document with a
/// ``XMLProblem/Kind/doctype`` problem. Bytes that are not text in the document's encoding end
/// it with an ``XMLProblem/Kind/undecodable`` problem at their position, an encoding that
/// cannot be read with ``XMLProblem/Kind/unsupportedEncoding``: a document is never cut short
/// silently. Text and nesting are limited as in libxml2's own trees, and a start tag with more
/// than ``MarkupScanner/maximumAttributes`` attributes is never given to libxml2 (its check of
/// duplicate attributes takes the square of their number): it ends the document with a
/// ``XMLProblem/Kind/tooManyAttributes`` problem at the tag.
/// Problems are collected in ``problems``; after a fatal one, ``read()`` returns `false` once
/// the cursor has passed every node reported before it.
package final class XMLStreamReader {
    /// The name used for the document in libxml2's messages.
    package let documentName: String
    /// Every problem found so far, in the order found.
    package private(set) var problems: [XMLProblem] = []

    let source: InputSource
    private var parser: xmlParserCtxtPtr?
    /// What the callbacks fill and the cursor walks. Unchecked: the callbacks only run inside
    /// `xmlParseChunk`, which the cursor calls while it holds no access to the buffer.
    @exclusivity(unchecked) var nodes = NodeBuffer()
    /// The index in `nodes` of the node the cursor stands on; `-1` before the first.
    private var current = -1
    /// How many nodes were dropped from the front of `nodes`: node numbers count from the
    /// start of the document.
    private var nodesDropped = 0
    /// The nesting depth at which libxml2's next node is reported.
    @exclusivity(unchecked) var parserDepth: Int32 = 0
    /// Set between the start of `<name/>` and libxml2's report of its end, which is dropped.
    @exclusivity(unchecked) var endOfEmptyElementIsNext = false
    /// Set once every byte was given to libxml2 and the parse was ended.
    private var documentEnded = false
    /// The number of the first node libxml2 did not report because of a fatal problem.
    private var fatalNodeNumber: Int?

    /// How many bytes are read, scanned and parsed at a time. Small enough that the chunk, the
    /// nodes it gives and libxml2's input buffer stay small blocks of the allocator's heap,
    /// reused from one file to the next: with 64 KiB, the buffers of each file grew the heap (or
    /// were mapped, over glibc's 128 KiB threshold) and were given back at its end, and linting
    /// 280 appDefs spent a fifth of its time in page faults.
    static let chunkSize = 16 * 1024
    /// The most read at a time while libxml2 waits for the end of one construct (see
    /// ``readSize``).
    static let maximumChunkSize = 1024 * 1024
    /// This reader's chunk size: ``chunkSize`` except in tests.
    private let size: Int
    /// Whether a chunk that libxml2 could not move past makes the next one larger: always, but
    /// in tests that split documents at fixed sizes.
    private let growsChunks: Bool
    /// How much the next chunk reads: ``size``, doubled after each chunk that left libxml2
    /// where it was (up to ``maximumChunkSize``), and ``size`` again once it moves. libxml2
    /// 2.9 parses an unfinished start tag again from its `<` whenever a chunk brings a `>`,
    /// so a tag of megabytes (a hostile one: its value full of `>`) read 16 KiB at a time
    /// would be parsed hundreds of times over.
    private var readSize: Int
    /// How many chunks were given to libxml2: for tests.
    private(set) var chunksParsed = 0
    /// How many bytes of the text were given to libxml2: for tests.
    private(set) var bytesParsed = 0
    /// Where libxml2's messages that bypass the parser's own handler go while it parses (see
    /// `cxml_route_errors` in CLibXML2's shim). Allocated: libxml2 keeps its address during
    /// each call.
    private let errorRoute = UnsafeMutablePointer<cxml_error_route>.allocate(capacity: 1)

    /// libxml2's limits on a text node and on nesting without XML_PARSE_HUGE, which its tree
    /// builder enforces; without a tree they are enforced here.
    package static let maximumTextLength = 10_000_000
    static let maximumDepth: Int32 = 256
    /// The most attributes a start tag may have (see ``MarkupScanner/maximumAttributes``).
    package static let maximumAttributes = MarkupScanner.maximumAttributes
    /// The most distinct names (of elements, attributes, prefixes and namespaces) a document may
    /// hold. libxml2 2.9 keeps every name in a dictionary that stops growing its table at 16,384
    /// slots, so each name past some 80,000 is looked up along ever longer chains: 320,000
    /// distinct names took xmllint 2 s, 640,000 ten, though the same bytes in repeated names read
    /// in a tenth of a second. The real appDefs hold 180 to 470 names. Checked at each start tag,
    /// whose names libxml2 has just added: reading stops at the first tag past the limit.
    package static let maximumNames = 10_000
    /// What libxml2 2.9 says when a piece of the document is over its limit of 10,000,000 bytes.
    private static let tooLongMessages = ["Huge input lookup", "AttValue length too long", "too big found"]
    /// Problems kept before the reader gives up on a document.
    static let maximumProblems = 1000

    /// Options that keep the parse safe: no network, line numbers past 65535.
    /// Never NOENT, DTDLOAD, DTDVALID, XINCLUDE or HUGE: libxml2's limits on name and input
    /// size stay on, and no entity is expanded and no external file read. (The push parser has
    /// no depth limit of its own: the depth limit is the reader's, ``maximumDepth``.)
    /// IGNORE_ENC: libxml2 reads the text as the UTF-8 it is, whatever encoding the XML
    /// declaration names; the text was converted before (see ``InputSource``).
    private static let parseOptions = Int32(
        XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue | XML_PARSE_IGNORE_ENC.rawValue)

    /// Opens the document at `path`. Throws when it cannot be opened or is not a regular file.
    package convenience init(path: String) throws(XMLInputError) {
        self.init(source: try InputSource(path: path), documentName: path)
    }

    /// Reads a document held in memory.
    package convenience init(bytes: [UInt8], documentName: String) {
        self.init(source: InputSource(bytes: bytes), documentName: documentName)
    }

    /// Reads a document held in memory `chunkSize` bytes at a time. For tests only: the scanner
    /// and libxml2 carry state from one chunk to the next, and with 16 KiB chunks only large
    /// documents reach a boundary, so tests split small documents at every offset instead.
    /// Every chunk has that size, however long libxml2 waits (see ``readSize``): reading is
    /// otherwise the same code.
    convenience init(bytes: [UInt8], documentName: String, chunkSize: Int) {
        self.init(source: InputSource(bytes: bytes), documentName: documentName, chunkSize: chunkSize, growsChunks: false)
    }

    private init(source: InputSource, documentName: String, chunkSize: Int = XMLStreamReader.chunkSize, growsChunks: Bool = true) {
        precondition(chunkSize > 0, "a chunk holds at least one byte")
        self.source = source
        self.documentName = documentName
        size = chunkSize
        readSize = chunkSize
        self.growsChunks = growsChunks
        errorRoute.initialize(to: cxml_error_route())
        errorRoute.pointee.receive = SAXCallbacks.genericError
        errorRoute.pointee.context = Unmanaged.passUnretained(self).toOpaque()
    }

    deinit {
        if let parser { xmlFreeParserCtxt(parser) }
        errorRoute.deallocate()
    }

    // MARK: - Moving

    /// Moves to the next node. Returns `false` at the end of the document, after a fatal error
    /// or at a DOCTYPE.
    package func read() -> Bool {
        current = min(current + 1, nodes.count)
        while !isComplete(current) {
            guard feed() else { break }
        }
        guard current < nodes.count else {
            current = nodes.count
            return false
        }
        return true
    }

    /// Whether the node at `index` is there and will not grow: text is reported in pieces, so a
    /// run of text is whole only once another node follows it or the document has ended.
    private func isComplete(_ index: Int) -> Bool {
        guard index < nodes.count else { return false }
        let kind = nodes[index].kind
        return (kind != .text && kind != .cdata) || index + 1 < nodes.count || documentEnded
    }

    /// Gives libxml2 the next chunk, or ends the parse. Returns `false` when nothing more can
    /// come.
    private func feed() -> Bool {
        guard !documentEnded else { return false }
        nodes.dropFirst(current)
        nodesDropped += current
        current = 0
        // Once libxml2 has stopped, the rest of the file is neither read nor scanned: it could be
        // large, and the scanner would queue positions no one takes.
        if fatalNodeNumber != nil || (parser.map { $0.pointee.disableSAX != 0 } ?? false) {
            endDocument()
            return true
        }
        let text = source.nextText(size: readSize)
        guard let bytes = text.baseAddress?.assumingMemoryBound(to: CChar.self), text.count > 0,
            let parser = parser ?? startParser()
        else {
            endDocument()
            return true
        }
        self.parser = parser
        let consumedBefore = xmlByteConsumed(parser)
        withLibXML2ErrorsRouted { _ = xmlParseChunk(parser, bytes, Int32(text.count), 0) }
        chunksParsed += 1
        bytesParsed += text.count
        if growsChunks {
            readSize = xmlByteConsumed(parser) == consumedBefore ? min(readSize * 2, max(size, Self.maximumChunkSize)) : size
        }
        return true
    }

    /// A push parser for UTF-8 text. Created without bytes and told the text is UTF-8, so that
    /// it never guesses another encoding from the first bytes, and so never converts anything.
    private func startParser() -> xmlParserCtxtPtr? {
        var handler = SAXCallbacks.handler
        let context = Unmanaged.passUnretained(self).toOpaque()
        let created = withLibXML2ErrorsRouted { xmlCreatePushParserCtxt(&handler, context, nil, 0, documentName) }
        guard let parser = created else {
            report(kind: .malformed, level: .fatal, message: "libxml2 could not start reading the document", position: .start)
            return nil
        }
        parser.pointee.charset = Int32(XML_CHAR_ENCODING_UTF8.rawValue)
        xmlCtxtUseOptions(parser, Self.parseOptions)
        return parser
    }

    /// Runs `body`, a call into libxml2, with the messages libxml2 would print on standard
    /// error sent to this reader instead (see `cxml_route_errors` in CLibXML2's shim).
    func withLibXML2ErrorsRouted<Result>(_ body: () -> Result) -> Result {
        cxml_route_errors(errorRoute, SAXCallbacks.unplacedStructuredError, errorRoute.pointee.context)
        defer { cxml_restore_errors(errorRoute) }
        return body()
    }

    private func endDocument() {
        documentEnded = true
        let inputStopped = source.isCutAtDoctype || source.readFailure != nil || source.stopProblem != nil
        if let parser, !inputStopped {
            withLibXML2ErrorsRouted { _ = xmlParseChunk(parser, nil, 0, 1) }
        }
        if source.isCutAtDoctype {
            rejectDoctype(at: source.scanner.doctypePosition ?? .start)
        } else if let failure = source.readFailure {
            report(kind: .unreadable, level: .fatal, message: "cannot read the file: \(failure)", position: .start)
        } else if let problem = source.stopProblem {
            // Unless libxml2 stopped before, on an error of the text before it: then that error
            // is the first, and with smaller chunks the reading would not have got this far.
            if !problems.contains(where: { $0.level == .fatal }) {
                report(kind: problem.kind, level: .fatal, message: problem.message, position: problem.position)
            }
        } else if source.scanner.bytesSeen == 0 {
            problems.removeAll { $0.kind == .malformed }
            report(kind: .malformed, level: .fatal, message: "the file is empty", position: .start)
        } else if let parser, parser.pointee.wellFormed == 0, !problems.contains(where: { $0.level == .fatal }) {
            report(kind: .malformed, level: .fatal, message: "the document is not well-formed XML", position: .start)
        }
    }

    /// Reads the element the cursor stands on, with everything inside it, and leaves the cursor
    /// on its end (or on the element itself when it is empty). Use only for small parts.
    package func readElement() -> XMLElement {
        var element = XMLElement(name: name, position: position ?? .start, attributes: readAttributes())
        guard isElement, !isEmptyElement else { return element }
        let elementDepth = depth
        while read() {
            switch node.kind {
            case .element:
                element.children.append(readElement())
            case .text, .cdata, .whitespace:
                element.text += text
            case .endElement where depth == elementDepth:
                return element
            default:
                continue
            }
        }
        return element
    }

    // MARK: - The current node

    private var node: NodeBuffer.Node {
        current >= 0 && current < nodes.count ? nodes[current] : NodeBuffer.Node(kind: .other, depth: 0)
    }

    /// The kind of node the cursor stands on. Text of white space only is `.whitespace`.
    package var kind: XMLNodeKind {
        let node = self.node
        guard node.kind == .text else { return node.kind }
        let isBlank = nodes.withBytes(of: node.text) { text in
            text.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        }
        return isBlank ? .whitespace : .text
    }

    /// Whether the cursor stands on a start tag: `kind == .element`, more cheaply.
    package var isElement: Bool { node.kind == .element }

    /// Whether the cursor stands on an end tag: `kind == .endElement`, more cheaply.
    package var isEndElement: Bool { node.kind == .endElement }

    /// The nesting depth of the current node: 0 for the root element.
    package var depth: Int { Int(node.depth) }

    /// Whether the current element is written `<name/>` (no end element follows).
    package var isEmptyElement: Bool { node.isEmpty }

    /// The qualified name of the current element or end element.
    package var name: String { nodes.string(node.name) }

    /// Whether the current node's qualified name is `expected`, compared as bytes.
    package func nameEquals(_ expected: StaticString) -> Bool {
        nodes.equals(node.name, expected)
    }

    /// The value of the current element's attribute `name`, or `nil` when it has none.
    package func attribute(_ name: StaticString) -> String? {
        attributeRecord(name).map { attributeValue($0.value) }
    }

    /// The value of the current element's attribute `name` when it is one of `candidates`, which
    /// is returned; `nil` otherwise. Compared as UTF-8 bytes, nothing copied.
    package func attribute(_ name: StaticString, oneOf candidates: Set<String>) -> String? {
        guard let attribute = attributeRecord(name) else { return nil }
        return nodes.withBytes(of: attribute.value) { bytes in
            candidates.first { candidate in
                candidate.utf8.withContiguousStorageIfAvailable { $0.elementsEqual(bytes) } ?? candidate.utf8.elementsEqual(bytes)
            }
        }
    }

    private func attributeRecord(_ name: StaticString) -> NodeBuffer.Attribute? {
        let node = self.node
        guard node.kind == .element else { return nil }
        for index in Int(node.firstAttribute)..<Int(node.firstAttribute + node.attributeCount) {
            let attribute = nodes.attributes[index]
            if nodes.equals(attribute.name, name) { return attribute }
        }
        return nil
    }

    /// An attribute value as libxml2 reported it, with `&#38;` back to `&`: without entity
    /// substitution libxml2 keeps an ampersand escaped in attribute values (for a tree builder
    /// to decode), and an unescaped `&` cannot otherwise be there.
    private func attributeValue(_ span: NodeBuffer.Span) -> String {
        let value = nodes.string(span)
        guard value.utf8.contains(UInt8(ascii: "&")) else { return value }
        return value.replacing("&#38;", with: "&")
    }

    /// The text of the current text, CDATA or whitespace node.
    package var text: String {
        let node = self.node
        switch node.kind {
        case .text, .cdata, .comment, .processingInstruction: return nodes.string(node.text)
        default: return ""
        }
    }

    /// Where the current element's start tag begins; `nil` for other nodes.
    package var position: SourcePosition? {
        let node = self.node
        return node.kind == .element ? node.position : nil
    }

    /// The attributes of the current element, in document order, namespace declarations left out.
    package func readAttributes() -> [XMLAttribute] {
        let node = self.node
        guard node.kind == .element else { return [] }
        return nodes.attributes[Int(node.firstAttribute)..<Int(node.firstAttribute + node.attributeCount)].map { attribute in
            XMLAttribute(name: nodes.string(attribute.name), value: attributeValue(attribute.value), position: attribute.position)
        }
    }

    /// The line libxml2 itself was on when it reported the current element (the line of its
    /// start tag's `>`, as in libxml2's trees): tests check the scanner against it.
    var lineRecordedByLibXML2: Int { Int(node.parserLine) }

    // MARK: - Problems

    /// Whether the cursor has reached a fatal problem: every node reported before it was passed.
    package var stoppedEarly: Bool {
        guard let fatalNodeNumber else { return false }
        return nodesDropped + current >= fatalNodeNumber
    }

    private func rejectDoctype(at position: SourcePosition) {
        // Whatever libxml2 said about the withheld rest of the document is beside the point.
        problems.removeAll { $0.kind == .malformed }
        report(
            kind: .doctype, level: .fatal,
            message: "DOCTYPE declarations are not allowed: an appDef needs none, and a DTD can make a parser read files or expand entities without bound",
            position: position)
    }

    func report(kind: XMLProblem.Kind, level: XMLProblem.Level, message: String, position: SourcePosition) {
        if level == .fatal, fatalNodeNumber == nil { fatalNodeNumber = nodesDropped + nodes.count }
        problems.append(XMLProblem(kind: kind, level: level, message: message, position: position))
    }

    /// A problem libxml2 reported.
    func receive(message: String, level rawLevel: Int, line: Int, column: Int) {
        guard !source.isCutAtDoctype else { return }
        let level = XMLProblem.Level(rawValue: rawLevel) ?? .error
        let position = SourcePosition(line: max(line, 1), column: max(column, 1))
        // libxml2 often follows an error with others at the same place that only restate it.
        if level >= .error, let last = problems.last, last.position == position, last.level >= level { return }
        // libxml2 2.9's words for its limit on one piece (and an attribute value or a comment
        // of all one byte), when it looked that far ahead for the end of a value or a tag.
        if Self.tooLongMessages.contains(where: message.contains) {
            let words = "a value or a tag is longer than \(Self.maximumTextLength) bytes, the most the XML reader reads in one piece"
            report(kind: .tooLong, level: max(level, .error), message: words, position: position)
            return
        }
        report(kind: .malformed, level: level, message: message, position: position)
        // Errors that do not stop libxml2 (namespaces) could otherwise fill memory.
        if problems.count >= Self.maximumProblems, fatalNodeNumber == nil {
            stopParser(message: "reading stopped after \(Self.maximumProblems) problems")
        }
    }

    /// A message libxml2 sent past the parser's own handler. It comes without a position: it is
    /// placed where libxml2's parser is. A fatal one stops the parser.
    func receiveUnplaced(message: String, level: XMLProblem.Level) {
        guard !source.isCutAtDoctype else { return }
        report(kind: .malformed, level: level, message: "libxml2: " + message, position: parserPosition)
        if level == .fatal, let parser { xmlStopParser(parser) }
    }

    /// Where libxml2's parser is; the start before it starts.
    private var parserPosition: SourcePosition {
        let line = Int(parser?.pointee.input?.pointee.line ?? 1)
        let column = Int(parser?.pointee.input?.pointee.col ?? 1)
        return SourcePosition(line: max(line, 1), column: max(column, 1))
    }

    /// Reports a fatal problem at `position`, by default where libxml2's parser is, and stops it.
    func stopParser(message: String, at position: SourcePosition? = nil, kind: XMLProblem.Kind = .malformed) {
        guard let parser else { return }
        report(kind: kind, level: .fatal, message: message, position: position ?? parserPosition)
        xmlStopParser(parser)
    }

    /// How many distinct names libxml2's dictionary holds (see ``maximumNames``).
    var namesHeld: Int {
        parser.map { Int(xmlDictSize($0.pointee.dict)) } ?? 0
    }

    /// The line libxml2's parser is on, for the node being reported.
    var parserLine: Int32 {
        parser?.pointee.input?.pointee.line ?? 0
    }

    /// Whether libxml2 stands on `/>`, just after reporting a start tag: the tag is empty.
    var parserIsAtEmptyTagEnd: Bool {
        guard let cursor = parser?.pointee.input?.pointee.cur else { return false }
        return cursor[0] == UInt8(ascii: "/") && cursor[1] == UInt8(ascii: ">")
    }
}
