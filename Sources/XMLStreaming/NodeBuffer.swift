/// The nodes libxml2 reported from the chunks read so far and not yet passed by the cursor,
/// with their text and attribute values copied into one reused byte store.
///
/// libxml2's SAX callbacks hand out text that lives only during the callback, so what the
/// cursor may later ask for is copied here; copying bytes into storage that keeps its capacity
/// costs no allocation per node, unlike building libxml2's own tree nodes and freeing them.
/// Names are not copied: libxml2 interns them in its parser's dictionary, which lives as long
/// as the parser. Memory stays as small as one chunk's nodes, however large the document.
struct NodeBuffer {
    /// A span of ``bytes``.
    struct Span {
        var start: Int32
        var count: Int32

        static let empty = Span(start: 0, count: 0)
    }

    /// One node: an element start, an element end, text, CDATA, a comment or a processing
    /// instruction.
    struct Node {
        var kind: XMLNodeKind
        /// Written `<name/>`: no end node follows.
        var isEmpty = false
        var depth: Int32
        /// The name of an element, end element or processing instruction.
        var name = Name()
        /// The character data of text, CDATA, comments and processing instructions.
        var text = Span.empty
        /// The element's attributes: a range of ``attributes``.
        var firstAttribute: Int32 = 0
        var attributeCount: Int32 = 0
        /// Where an element's start tag begins (from the scanner).
        var position = SourcePosition.start
        /// The line libxml2 was on when it reported an element.
        var parserLine: Int32 = 0
    }

    /// A name as libxml2 interned it, with its prefix if any: `prefix:localName`.
    struct Name {
        var localName: UnsafePointer<UInt8>?
        var prefix: UnsafePointer<UInt8>?
    }

    struct Attribute {
        var name: Name
        var value: Span
        var position: SourcePosition
    }

    private(set) var nodes: [Node] = []
    private(set) var attributes: [Attribute] = []
    private(set) var bytes: [UInt8] = []

    /// Room for the nodes of a chunk of appDef text (``XMLStreamReader/chunkSize``: up to 1,800
    /// nodes and 740 attributes in the 14 real appDefs, counted with expat) without growing,
    /// each array under glibc's 128 KiB threshold for mapping a block of its own (2,000 nodes of
    /// 64 bytes). Denser markup grows them, as any array grows.
    init() {
        nodes.reserveCapacity(2000)
        attributes.reserveCapacity(1024)
        bytes.reserveCapacity(32 * 1024)
    }

    var count: Int { nodes.count }

    subscript(index: Int) -> Node { nodes[index] }

    mutating func append(_ node: Node) {
        nodes.append(node)
    }

    mutating func appendAttribute(_ attribute: Attribute) {
        attributes.append(attribute)
    }

    /// Copies `count` bytes into the store and returns where they are.
    mutating func store(_ source: UnsafePointer<UInt8>, count: Int) -> Span {
        let start = bytes.count
        bytes.append(contentsOf: UnsafeBufferPointer(start: source, count: count))
        return Span(start: Int32(truncatingIfNeeded: start), count: Int32(truncatingIfNeeded: count))
    }

    /// Appends character data to the last node when it is of the same kind (libxml2 reports one
    /// run of text in several calls); otherwise starts a node. Returns the size of the text.
    mutating func appendCharacters(_ source: UnsafePointer<UInt8>, count: Int, kind: XMLNodeKind, depth: Int32) -> Int {
        if let last = nodes.indices.last, nodes[last].kind == kind,
            Int(nodes[last].text.start + nodes[last].text.count) == bytes.count
        {
            bytes.append(contentsOf: UnsafeBufferPointer(start: source, count: count))
            nodes[last].text.count += Int32(truncatingIfNeeded: count)
            return Int(nodes[last].text.count)
        }
        let text = store(source, count: count)
        nodes.append(Node(kind: kind, depth: depth, text: text))
        return count
    }

    /// Drops the first `passed` nodes and whatever only they used. The nodes left keep their
    /// content (there is at most a run of text still being reported, in practice).
    mutating func dropFirst(_ passed: Int) {
        guard passed > 0 else { return }
        guard passed < nodes.count else {
            nodes.removeAll(keepingCapacity: true)
            attributes.removeAll(keepingCapacity: true)
            bytes.removeAll(keepingCapacity: true)
            return
        }
        nodes.removeFirst(passed)
        var attributeBase = Int32(attributes.count)
        if let firstWithAttributes = nodes.first(where: { $0.attributeCount > 0 }) {
            attributeBase = firstWithAttributes.firstAttribute
        }
        attributes.removeFirst(Int(attributeBase))
        // Every span left starts at or after the first one stored for the first node left.
        var byteBase = Int32(bytes.count)
        for node in nodes {
            if node.text.count > 0 { byteBase = min(byteBase, node.text.start) }
        }
        for attribute in attributes {
            if attribute.value.count > 0 { byteBase = min(byteBase, attribute.value.start) }
        }
        func rebased(_ span: Span) -> Span {
            span.count > 0 ? Span(start: span.start - byteBase, count: span.count) : .empty
        }
        for index in nodes.indices {
            nodes[index].text = rebased(nodes[index].text)
            nodes[index].firstAttribute -= attributeBase
        }
        for index in attributes.indices {
            attributes[index].value = rebased(attributes[index].value)
        }
        bytes.removeFirst(Int(byteBase))
    }

    /// The bytes of a span.
    func withBytes<Result>(of span: Span, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { all in
            body(UnsafeBufferPointer(rebasing: all[Int(span.start)..<Int(span.start + span.count)]))
        }
    }

    /// A span's bytes as a string.
    func string(_ span: Span) -> String {
        withBytes(of: span) { String(decoding: $0, as: UTF8.self) }
    }

    /// A name as written: `prefix:localName` or `localName`.
    func string(_ name: Name) -> String {
        guard let localName = name.localName else { return "" }
        let local = String(cString: localName)
        return name.prefix.map { String(cString: $0) + ":" + local } ?? local
    }

    /// Whether a name, as written, is `expected`.
    func equals(_ name: Name, _ expected: StaticString) -> Bool {
        guard let localName = name.localName else { return false }
        return expected.withUTF8Buffer { expectedBytes in
            var index = 0
            if let prefix = name.prefix {
                var prefixIndex = 0
                while prefix[prefixIndex] != 0 {
                    guard index < expectedBytes.count, expectedBytes[index] == prefix[prefixIndex] else { return false }
                    index += 1
                    prefixIndex += 1
                }
                guard index < expectedBytes.count, expectedBytes[index] == UInt8(ascii: ":") else { return false }
                index += 1
            }
            var localIndex = 0
            while localName[localIndex] != 0 {
                guard index < expectedBytes.count, expectedBytes[index] == localName[localIndex] else { return false }
                index += 1
                localIndex += 1
            }
            return index == expectedBytes.count
        }
    }
}
