import Testing

@testable import XMLStreaming

/// A start tag with more than ``MarkupScanner/maximumAttributes`` attributes is never given to
/// libxml2, whose check of duplicate attributes takes the square of their number (640,000 in
/// one tag took it over five minutes): the scanner stops the text at the tag's `<`, and the
/// document ends there with an error at the tag.
struct AttributeLimitTests {
    /// `a0="1" a1="1" ...`: `count` distinct attributes, each value holding a `>` and a `<`-free
    /// quote of the other kind, which the scanner must skip as libxml2 does.
    static func attributes(_ count: Int) -> String {
        (0..<count).map { "a\($0)=\"1>'\"" }.joined(separator: " ")
    }

    /// What a read reports: the elements libxml2 reported, with their attribute counts, the
    /// problems, and how many bytes libxml2 was given.
    struct Outcome {
        var elements: [String] = []
        var problems: [XMLProblem] = []
        var bytesParsed = 0
    }

    static func read(_ document: String, chunkSize: Int? = nil) -> Outcome {
        let bytes = Array(document.utf8)
        let reader =
            chunkSize.map { XMLStreamReader(bytes: bytes, documentName: "test", chunkSize: $0) }
            ?? XMLStreamReader(bytes: bytes, documentName: "test")
        var outcome = Outcome()
        while reader.read() {
            if reader.isElement { outcome.elements.append("\(reader.name) \(reader.readAttributes().count)") }
        }
        outcome.problems = reader.problems
        outcome.bytesParsed = reader.bytesParsed
        return outcome
    }

    /// Not a timing test: libxml2 is never given the tag, so it cannot spend time on it. The
    /// bytes it was given end before the tag's `<`, and it reported no element of the tag.
    @Test(.timeLimit(.minutes(10)))
    func aTagOfSixHundredFortyThousandAttributesIsNeverGivenToLibXML2() {
        let prefix = "<root>\n  "
        let outcome = Self.read(prefix + "<crowded " + Self.attributes(640_000) + "/>\n</root>\n")
        #expect(outcome.problems.map(\.kind) == [.tooManyAttributes])
        #expect(outcome.problems.first?.position == SourcePosition(line: 2, column: 3))
        #expect(outcome.problems.first?.level == .fatal)
        #expect(outcome.problems.first?.message.contains("more than 1000 attributes") == true)
        #expect(outcome.elements == ["root 0"])
        #expect(outcome.bytesParsed == prefix.utf8.count)
    }

    /// Wherever a chunk ends, in the tag, in a name or in a value: libxml2 is never given the
    /// attribute past the limit, so it never has more than the limit of the tag's attributes.
    @Test func theLimitHoldsWhereverAChunkEnds() throws {
        let prefix = "<?xml version=\"1.0\"?>\n<root>\n  "
        let tag = "<crowded " + Self.attributes(MarkupScanner.maximumAttributes + 1) + "/>"
        let document = prefix + tag + "\n</root>\n"
        let offsetPastTheLimit = try #require(Self.offset(of: " a\(MarkupScanner.maximumAttributes)=", in: document)) + 1
        for chunkSize in [1, 2, 3, 5, 8, 13, 64, 100, 1000, 4096, XMLStreamReader.chunkSize] {
            let outcome = Self.read(document, chunkSize: chunkSize)
            #expect(outcome.problems.map(\.kind) == [.tooManyAttributes], "chunk size \(chunkSize)")
            #expect(outcome.problems.first?.position == SourcePosition(line: 3, column: 3), "chunk size \(chunkSize)")
            #expect(outcome.elements == ["root 0"], "chunk size \(chunkSize)")
            #expect(outcome.bytesParsed <= offsetPastTheLimit, "chunk size \(chunkSize)")
        }
    }

    @Test func aTagOfExactlyTheLimitIsRead() {
        let document = "<root><full " + Self.attributes(MarkupScanner.maximumAttributes) + "/></root>"
        for chunkSize in [1, 7, XMLStreamReader.chunkSize] {
            let outcome = Self.read(document, chunkSize: chunkSize)
            #expect(outcome.problems.isEmpty, "chunk size \(chunkSize): \(outcome.problems)")
            #expect(outcome.elements == ["root 0", "full \(MarkupScanner.maximumAttributes)"], "chunk size \(chunkSize)")
        }
    }

    /// libxml2 checks namespace declarations against each other too, so they count. (The tag
    /// is longer than a chunk: libxml2 has its start, and waits for its `>` before it parses it.)
    @Test func namespaceDeclarationsCount() throws {
        let declarations = (0...MarkupScanner.maximumAttributes).map { "xmlns:n\($0)=\"urn:\($0)\"" }.joined(separator: " ")
        let document = "<root " + declarations + "/>"
        let outcome = Self.read(document)
        #expect(outcome.problems.map(\.kind) == [.tooManyAttributes])
        #expect(outcome.problems.first?.position == SourcePosition(line: 1, column: 1))
        #expect(outcome.elements.isEmpty)
        #expect(outcome.bytesParsed <= (try #require(Self.offset(of: " xmlns:n\(MarkupScanner.maximumAttributes)=", in: document))) + 1)
    }

    /// The offset of the first byte of `text` in `document`'s UTF-8.
    static func offset(of text: String, in document: String) -> Int? {
        document.utf8.ranges(of: text.utf8).first.map { document.utf8.distance(from: document.utf8.startIndex, to: $0.lowerBound) }
    }

    /// The other tags of a document are not counted together: only one tag's attributes are.
    @Test func attributesOfManyTagsAreNotAddedUp() {
        let tag = "<e " + Self.attributes(600) + "/>"
        let outcome = Self.read("<root>" + String(repeating: tag, count: 5) + "</root>")
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        #expect(outcome.elements.count == 6)
    }
}
