internal import CLibXML2

/// The C callbacks handed to libxml2's SAX2 parser. Each copies what it is given into the
/// reader's ``NodeBuffer``: text does not outlive the call (names do, in libxml2's dictionary).
///
/// Kept as static members, not top-level constants, so that they are not isolated to the main
/// actor. Parameter types are left to inference where they differ between libxml2 versions.
enum SAXCallbacks {
    /// Only the callbacks of a document without a DTD: no entity, notation or subset handler,
    /// so there is nothing for libxml2 to resolve or load. `internalSubset` is a second lock
    /// behind the scanner's, which withholds every DOCTYPE from libxml2.
    static var handler: xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        handler.startElementNs = startElement
        handler.endElementNs = endElement
        handler.characters = characters
        handler.ignorableWhitespace = characters
        handler.cdataBlock = cdata
        handler.comment = comment
        handler.processingInstruction = processingInstruction
        handler.internalSubset = internalSubset
        handler.serror = structuredError
        return handler
    }

    /// The reader behind libxml2's user data, without retaining it: it owns the parser, so it
    /// outlives every callback, and a retain and release per node was a tenth of the run time.
    private static func withReader(_ context: UnsafeMutableRawPointer?, _ body: (XMLStreamReader) -> Void) {
        guard let context else { return }
        Unmanaged<XMLStreamReader>.fromOpaque(context)._withUnsafeGuaranteedRef(body)
    }

    private static let startElement: startElementNsSAX2Func = { context, localName, prefix, _, _, _, attributeCount, _, attributeFields in
        guard let localName else { return }
        withReader(context) { $0.startElement(localName, prefix: prefix, attributeCount: Int(attributeCount), attributeFields: attributeFields) }
    }

    private static let endElement: endElementNsSAX2Func = { context, localName, prefix, _ in
        withReader(context) { $0.endElement(localName, prefix: prefix) }
    }

    private static let characters: charactersSAXFunc = { context, text, length in
        guard let text, length > 0 else { return }
        withReader(context) { $0.appendCharacters(text, count: Int(length), kind: .text) }
    }

    private static let cdata: cdataBlockSAXFunc = { context, text, length in
        guard let text, length > 0 else { return }
        withReader(context) { $0.appendCharacters(text, count: Int(length), kind: .cdata) }
    }

    private static let comment: commentSAXFunc = { context, text in
        guard let text else { return }
        withReader(context) { $0.appendNode(.comment, name: nil, text: text) }
    }

    private static let processingInstruction: processingInstructionSAXFunc = { context, target, data in
        withReader(context) { $0.appendNode(.processingInstruction, name: target, text: data) }
    }

    private static let internalSubset: internalSubsetSAXFunc = { context, _, _, _ in
        withReader(context) { $0.stopParser(message: "DOCTYPE declarations are not allowed") }
    }

    private static let structuredError: xmlStructuredErrorFunc = { userData, error in
        guard let error else { return }
        let message = oneLine(error.pointee.message.map { String(cString: $0) } ?? "XML error")
        let level = Int(error.pointee.level.rawValue)
        let line = Int(error.pointee.line)
        let column = Int(error.pointee.int2)
        withReader(userData) { $0.receive(message: message, level: level, line: line, column: column) }
    }

    /// libxml2's structured errors that come without a parser context (from a converter or an
    /// input buffer), while a reader's calls into libxml2 route them to it.
    static let unplacedStructuredError: xmlStructuredErrorFunc = { userData, error in
        guard let error else { return }
        let message = oneLine(error.pointee.message.map { String(cString: $0) } ?? "XML error")
        let level = XMLProblem.Level(rawValue: Int(error.pointee.level.rawValue)) ?? .error
        withReader(userData) { $0.receiveUnplaced(message: message, level: level) }
    }

    /// Lines libxml2 writes with `xmlGenericError`, while a reader's calls into libxml2 route
    /// them to it. They say nothing of how serious they are; none is written on a good path.
    static let genericError: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Void = { context, text in
        guard let text else { return }
        let message = oneLine(String(cString: text))
        guard !message.isEmpty else { return }
        withReader(context) { $0.receiveUnplaced(message: message, level: .fatal) }
    }

    /// One line per problem: libxml2 puts some details ("Bytes: 0xE9 ...") on a line of their own.
    private static func oneLine(_ raw: String) -> String {
        raw.split(whereSeparator: \.isNewline).map { $0.trimmingSpaces }.filter { !$0.isEmpty }.joined(separator: " ")
    }
}

/// What the callbacks do with each node: copy it into ``XMLStreamReader/nodes``.
extension XMLStreamReader {
    fileprivate func startElement(
        _ localName: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?, attributeCount: Int,
        attributeFields: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
    ) {
        // Taken first, so that an element too deep is reported where its tag starts.
        let position = source.scanner.takeTag() ?? .start
        guard parserDepth < Self.maximumDepth else {
            stopParser(message: "elements are nested deeper than the maximum depth of \(Self.maximumDepth)", at: position)
            return
        }
        guard namesHeld <= Self.maximumNames else {
            stopParser(
                message: "the document has more than \(Self.maximumNames) distinct element and attribute names: it is not read past this tag",
                at: position, kind: .tooManyNames)
            return
        }
        var node = NodeBuffer.Node(kind: .element, depth: parserDepth)
        node.name = NodeBuffer.Name(localName: localName, prefix: prefix)
        node.position = position
        node.parserLine = parserLine
        node.isEmpty = parserIsAtEmptyTagEnd
        node.firstAttribute = Int32(truncatingIfNeeded: nodes.attributes.count)
        // Five pointers per attribute: local name, prefix, namespace, value start, value end.
        if let attributeFields {
            for index in 0..<attributeCount {
                let fields = attributeFields + index * 5
                guard let name = fields[0], let valueStart = fields[3], let valueEnd = fields[4] else { continue }
                let value = nodes.store(valueStart, count: valueEnd - valueStart)
                node.attributeCount += 1  // what is stored, so a range never reaches another node's
                nodes.appendAttribute(
                    NodeBuffer.Attribute(
                        name: NodeBuffer.Name(localName: name, prefix: fields[1]), value: value,
                        position: source.scanner.takeAttributePosition() ?? position))
            }
        }
        nodes.append(node)
        // An empty element gets no end node, as in libxml2's own reader; its depth is unchanged.
        if node.isEmpty {
            endOfEmptyElementIsNext = true
        } else {
            parserDepth += 1
        }
    }

    fileprivate func endElement(_ localName: UnsafePointer<UInt8>?, prefix: UnsafePointer<UInt8>?) {
        guard !endOfEmptyElementIsNext else {
            endOfEmptyElementIsNext = false
            return
        }
        parserDepth -= 1
        var node = NodeBuffer.Node(kind: .endElement, depth: parserDepth)
        node.name = NodeBuffer.Name(localName: localName, prefix: prefix)
        nodes.append(node)
    }

    fileprivate func appendCharacters(_ text: UnsafePointer<UInt8>, count: Int, kind: XMLNodeKind) {
        let total = nodes.appendCharacters(text, count: count, kind: kind, depth: parserDepth)
        if total > Self.maximumTextLength {
            stopParser(message: "huge text node: longer than \(Self.maximumTextLength) bytes", kind: .tooLong)
        }
    }

    fileprivate func appendNode(_ kind: XMLNodeKind, name: UnsafePointer<UInt8>?, text: UnsafePointer<UInt8>?) {
        var node = NodeBuffer.Node(kind: kind, depth: parserDepth)
        node.name = NodeBuffer.Name(localName: name, prefix: nil)
        if let text { node.text = nodes.store(text, count: Int(xmlStrlen(text))) }
        nodes.append(node)
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[first...last]
    }
}
