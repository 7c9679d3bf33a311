internal import CLibXML2

/// A forward-only cursor over an XML document, on libxml2's streaming reader (`xmlTextReader`).
///
/// Memory stays flat however large the document is: libxml2 frees each node once the cursor has
/// moved past it, and nothing here builds Swift values unless asked (``name``, ``text``,
/// ``readAttributes()``, ``readElement()``). ``nameEquals(_:)`` compares bytes without allocating.
///
/// Safety: the parser never touches the network, never loads a DTD and never expands an entity;
/// a DOCTYPE is not even given to libxml2 (see ``MarkupScanner``) and ends the document with a
/// ``XMLProblem/Kind/doctype`` problem. Problems are collected in ``problems``; after a fatal
/// one, ``read()`` returns `false`.
public final class XMLStreamReader {
    /// The name used for the document in libxml2's messages.
    public let documentName: String
    /// Every problem found so far, in the order found.
    public private(set) var problems: [XMLProblem] = []

    private let source: InputSource
    private var reader: xmlTextReaderPtr?
    private var finished = false
    private var kindCache = XMLNodeKind.other
    /// Set on a text node until `kind` is asked for: whether it is white space costs libxml2 a
    /// look at its text and its ancestors, and most callers only want to know it is no element.
    private var textKindPending = false
    private var elementPosition: SourcePosition?
    /// The current element's attribute positions, taken from the scanner when first asked for.
    @exclusivity(unchecked) private var attributePositions: [SourcePosition] = []
    private var attributePositionsTaken = false

    /// Options that keep the parse safe: no network, line numbers past 65535.
    /// Never NOENT, DTDLOAD, DTDVALID, XINCLUDE or HUGE: libxml2's limits on depth and text
    /// size stay on, and no entity is expanded and no external file read.
    private static let parseOptions = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue)

    /// Opens the document at `path`. Throws when it cannot be opened or is not a regular file.
    public convenience init(path: String) throws(XMLInputError) {
        self.init(source: try InputSource(path: path), documentName: path)
    }

    /// Reads a document held in memory.
    public convenience init(bytes: [UInt8], documentName: String) {
        self.init(source: InputSource(bytes: bytes), documentName: documentName)
    }

    private init(source: InputSource, documentName: String) {
        self.source = source
        self.documentName = documentName
        let context = Unmanaged.passUnretained(source).toOpaque()
        reader = xmlReaderForIO(
            LibXMLCallbacks.read, LibXMLCallbacks.close, context, documentName, nil,
            Self.parseOptions)
        if let reader {
            let sink = Unmanaged.passUnretained(self).toOpaque()
            xmlTextReaderSetStructuredErrorHandler(reader, LibXMLCallbacks.structuredError, sink)
        } else {
            finished = true
            report(kind: .malformed, level: .fatal, message: "libxml2 could not start reading the document", position: .start)
        }
    }

    deinit {
        if let reader { xmlFreeTextReader(reader) }
    }

    // MARK: - Moving

    /// Moves to the next node. Returns `false` at the end of the document, after a fatal error
    /// or at a DOCTYPE.
    public func read() -> Bool {
        guard !finished, let reader else { return false }
        let status = xmlTextReaderRead(reader)
        guard status == 1 else {
            finish(status: status)
            return false
        }
        if let node = xmlTextReaderCurrentNode(reader), node.pointee.type == XML_TEXT_NODE {
            kindCache = .text  // or .whitespace: see `kind`
            textKindPending = true
            return true
        }
        textKindPending = false
        return classifyNode(reader)
    }

    /// Sets `kindCache` from libxml2's node type; `false` for a DOCTYPE.
    private func classifyNode(_ reader: xmlTextReaderPtr) -> Bool {
        switch xmlTextReaderNodeType(reader) {
        case Int32(XML_READER_TYPE_ELEMENT.rawValue):
            kindCache = .element
            elementPosition = source.scanner.takeTag()
            attributePositionsTaken = false
        case Int32(XML_READER_TYPE_END_ELEMENT.rawValue): kindCache = .endElement
        case Int32(XML_READER_TYPE_TEXT.rawValue): kindCache = .text
        case Int32(XML_READER_TYPE_CDATA.rawValue): kindCache = .cdata
        case Int32(XML_READER_TYPE_WHITESPACE.rawValue), Int32(XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue):
            kindCache = .whitespace
        case Int32(XML_READER_TYPE_COMMENT.rawValue): kindCache = .comment
        case Int32(XML_READER_TYPE_PROCESSING_INSTRUCTION.rawValue): kindCache = .processingInstruction
        case Int32(XML_READER_TYPE_DOCUMENT_TYPE.rawValue):
            // Unreachable while the scanner withholds DOCTYPEs; kept as a second lock.
            rejectDoctype(at: .start)
            return false
        default: kindCache = .other
        }
        return true
    }

    /// Reads the element the cursor stands on, with everything inside it, and leaves the cursor
    /// on its end (or on the element itself when it is empty). Use only for small parts.
    public func readElement() -> XMLElement {
        var element = XMLElement(
            name: name, position: position ?? .start, attributes: readAttributes())
        guard kindCache == .element, !isEmptyElement else { return element }
        let elementDepth = depth
        while read() {
            if textKindPending {  // text or white space: both kept as they are
                element.text += text
                continue
            }
            switch kindCache {
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

    /// The kind of node the cursor stands on.
    public var kind: XMLNodeKind {
        if textKindPending, let reader {
            textKindPending = false
            switch xmlTextReaderNodeType(reader) {
            case Int32(XML_READER_TYPE_WHITESPACE.rawValue), Int32(XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue):
                kindCache = .whitespace
            default:
                kindCache = .text
            }
        }
        return kindCache
    }

    /// Whether the cursor stands on a start tag: `kind == .element`, more cheaply.
    public var isElement: Bool { kindCache == .element }

    /// Whether the cursor stands on an end tag: `kind == .endElement`, more cheaply.
    public var isEndElement: Bool { kindCache == .endElement }

    /// The nesting depth of the current node: 0 for the root element.
    public var depth: Int {
        guard let reader else { return 0 }
        return Int(xmlTextReaderDepth(reader))
    }

    /// Whether the current element is written `<name/>` (no end element follows).
    public var isEmptyElement: Bool {
        guard let reader else { return false }
        return xmlTextReaderIsEmptyElement(reader) == 1
    }

    /// The qualified name of the current element or end element.
    public var name: String {
        guard let reader, let bytes = xmlTextReaderConstName(reader) else { return "" }
        return String(cString: bytes)
    }

    /// Whether the current node's qualified name is `expected`, compared as bytes.
    public func nameEquals(_ expected: StaticString) -> Bool {
        guard let reader, let bytes = xmlTextReaderConstName(reader) else { return false }
        return Self.equals(bytes, expected)
    }

    /// The value of the current element's attribute `name`, or `nil` when it has none.
    public func attribute(_ name: StaticString) -> String? {
        guard kindCache == .element, let reader else { return nil }
        let value = name.withUTF8Buffer { bytes in
            bytes.withMemoryRebound(to: xmlChar.self) { xmlTextReaderGetAttribute(reader, $0.baseAddress) }
        }
        guard let value else { return nil }
        defer { cxml_free(value) }
        return String(cString: value)
    }

    /// The value of the current element's attribute `name` when it is one of `candidates`, which
    /// is returned; `nil` otherwise. Compared as UTF-8 bytes and nothing copied when the value is
    /// one text node (the common case): for candidates in ASCII the same as
    /// `attribute(name).flatMap { candidates.contains($0) ? $0 : nil }`.
    public func attribute(_ name: StaticString, oneOf candidates: Set<String>) -> String? {
        guard kindCache == .element, let reader, let node = xmlTextReaderCurrentNode(reader) else { return nil }
        // The attribute without a namespace, as xmlTextReaderGetAttribute finds it (no DTD here).
        var property = node.pointee.properties
        while let attribute = property {
            if attribute.pointee.ns == nil, let attributeName = attribute.pointee.name, Self.equals(attributeName, name) {
                break
            }
            property = attribute.pointee.next
        }
        guard let attribute = property else { return nil }
        if let child = attribute.pointee.children, child.pointee.next == nil, child.pointee.type == XML_TEXT_NODE,
            let content = child.pointee.content
        {
            let bytes = UnsafeBufferPointer(start: content, count: Int(xmlStrlen(content)))
            return candidates.first { candidate in
                candidate.utf8.withContiguousStorageIfAvailable { $0.elementsEqual(bytes) } ?? candidate.utf8.elementsEqual(bytes)
            }
        }
        return self.attribute(name).flatMap { candidates.contains($0) ? $0 : nil }
    }

    /// Whether the NUL-terminated `bytes` spell `expected`.
    private static func equals(_ bytes: UnsafePointer<xmlChar>, _ expected: StaticString) -> Bool {
        expected.withUTF8Buffer { expectedBytes in
            var index = 0
            while index < expectedBytes.count {
                if bytes[index] != expectedBytes[index] { return false }
                index += 1
            }
            return bytes[index] == 0
        }
    }

    /// The text of the current text, CDATA or whitespace node.
    public var text: String {
        guard let reader, let bytes = xmlTextReaderConstValue(reader) else { return "" }
        return String(cString: bytes)
    }

    /// Where the current element's start tag begins; `nil` for other nodes.
    public var position: SourcePosition? {
        kindCache == .element ? elementPosition : nil
    }

    /// The attributes of the current element, in document order, namespace declarations left out.
    public func readAttributes() -> [XMLAttribute] {
        guard kindCache == .element, let reader, let node = xmlTextReaderCurrentNode(reader) else { return [] }
        if !attributePositionsTaken {
            source.scanner.takeAttributePositions(into: &attributePositions)
            attributePositionsTaken = true
        }
        var result: [XMLAttribute] = []
        result.reserveCapacity(attributePositions.count)
        var property = node.pointee.properties
        var index = 0
        while let attribute = property {
            var name = attribute.pointee.name.map { String(cString: $0) } ?? ""
            if let prefix = attribute.pointee.ns?.pointee.prefix {
                name = String(cString: prefix) + ":" + name
            }
            var value = ""
            if let child = attribute.pointee.children, child.pointee.next == nil, child.pointee.type == XML_TEXT_NODE,
                let content = child.pointee.content
            {
                // What xmlNodeListGetString returns for a value that is one text node, uncopied.
                value = String(cString: content)
            } else if let content = xmlNodeListGetString(node.pointee.doc, attribute.pointee.children, 1) {
                value = String(cString: content)
                cxml_free(content)
            }
            let position = index < attributePositions.count ? attributePositions[index] : (elementPosition ?? .start)
            result.append(XMLAttribute(name: name, value: value, position: position))
            property = attribute.pointee.next
            index += 1
        }
        return result
    }

    /// The line libxml2 itself records for the current node: tests check the scanner against it.
    var lineRecordedByLibXML2: Int {
        guard let reader, let node = xmlTextReaderCurrentNode(reader) else { return 0 }
        return Int(xmlGetLineNo(node))
    }

    // MARK: - Problems

    /// Whether a fatal problem stopped the document before its end.
    public var stoppedEarly: Bool {
        problems.contains { $0.level == .fatal }
    }

    private func finish(status: Int32) {
        finished = true
        if source.isCutAtDoctype {
            rejectDoctype(at: source.scanner.doctypePosition ?? .start)
        } else if let failure = source.readFailure {
            report(kind: .unreadable, level: .fatal, message: "cannot read the file: \(failure)", position: .start)
        } else if source.scanner.bytesSeen == 0 {
            problems.removeAll { $0.kind == .malformed }
            report(kind: .malformed, level: .fatal, message: "the file is empty", position: .start)
        } else if status < 0 && !stoppedEarly {
            report(kind: .malformed, level: .fatal, message: "the document is not well-formed XML", position: .start)
        }
    }

    private func rejectDoctype(at position: SourcePosition) {
        finished = true
        // Whatever libxml2 said about the withheld rest of the document is beside the point.
        problems.removeAll { $0.kind == .malformed }
        report(
            kind: .doctype, level: .fatal,
            message: "DOCTYPE declarations are not allowed: an appDef needs none, and a DTD can make a parser read files or expand entities without bound",
            position: position)
    }

    fileprivate func report(kind: XMLProblem.Kind, level: XMLProblem.Level, message: String, position: SourcePosition) {
        problems.append(XMLProblem(kind: kind, level: level, message: message, position: position))
    }

    fileprivate func receive(message: String, level rawLevel: Int, line: Int, column: Int) {
        guard !source.isCutAtDoctype else { return }
        let level = XMLProblem.Level(rawValue: rawLevel) ?? .error
        let position = SourcePosition(line: max(line, 1), column: max(column, 1))
        // libxml2 often follows an error with others at the same place that only restate it.
        if level >= .error, problems.contains(where: { $0.position == position && $0.level >= .error }) { return }
        report(kind: .malformed, level: level, message: message, position: position)
    }
}

/// The C callbacks handed to libxml2. Kept as static members, not top-level constants, so that
/// they are not isolated to the main actor.
private enum LibXMLCallbacks {
    static let read: xmlInputReadCallback = { context, buffer, length in
        guard let context, let buffer else { return -1 }
        let source = Unmanaged<InputSource>.fromOpaque(context).takeUnretainedValue()
        return source.fill(UnsafeMutableRawPointer(buffer), capacity: Int(length))
    }

    /// The file is closed by ``InputSource`` itself.
    static let close: xmlInputCloseCallback = { _ in 0 }

    /// Parameter types are left to inference: they differ between libxml2 versions.
    static let structuredError: xmlStructuredErrorFunc = { userData, error in
        guard let userData, let error else { return }
        let reader = Unmanaged<XMLStreamReader>.fromOpaque(userData).takeUnretainedValue()
        let raw = error.pointee.message.map { String(cString: $0) } ?? "XML error"
        // One line per problem: libxml2 puts some details ("Bytes: 0xE9 ...") on a line of their own.
        let message = raw.split(whereSeparator: \.isNewline).map { $0.trimmingSpaces }.filter { !$0.isEmpty }.joined(separator: " ")
        reader.receive(
            message: message, level: Int(error.pointee.level.rawValue),
            line: Int(error.pointee.line), column: Int(error.pointee.int2))
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[first...last]
    }
}
