import Testing

@testable import XMLStreaming

/// The cursor reports the nodes of libxml2's SAX2 parser as its own reader would: one node per
/// run of text, no end node for `<name/>`, attribute values decoded, and a fatal error reached
/// only once every node before it has been passed.
struct CursorTests {
    /// Every node as `kind depth name text`, in order.
    private func walk(_ document: String) -> [String] {
        let reader = XMLStreamReader(bytes: Array(document.utf8), documentName: "test")
        var nodes: [String] = []
        while reader.read() {
            nodes.append("\(reader.kind) \(reader.depth) \(reader.name)\(reader.isEmptyElement ? "/" : "") \(reader.text)")
        }
        return nodes
    }

    @Test func emptyElementsHaveNoEndNodeAndKeepTheirDepth() {
        #expect(
            walk("<r><a/><b></b><c x='1'/></r>") == [
                "element 0 r ", "element 1 a/ ", "element 1 b ", "endElement 1 b ", "element 1 c/ ", "endElement 0 r ",
            ])
    }

    @Test func textSplitByEntitiesAndChunksIsOneNode() {
        // Far longer than a chunk, with references that libxml2 reports as separate pieces.
        let text = String(repeating: "words &amp; more &#x41; ", count: 10_000)
        let expected = String(repeating: "words & more A ", count: 10_000)
        let nodes = walk("<r>\(text)</r>")
        #expect(nodes.count == 3, "\(nodes.count) nodes, not 3")
        // Compared as a Bool so that a failure does not print half a megabyte.
        let isWhole = nodes.count == 3 && nodes[1] == "text 1  \(expected)"
        #expect(isWhole)
    }

    @Test func whitespaceCDATACommentsAndProcessingInstructionsAreTheirOwnKinds() {
        #expect(
            walk("<r>\n <![CDATA[<a>]]><!--c--><?p d?></r>") == [
                "element 0 r ", "whitespace 1  \n ", "cdata 1  <a>", "comment 1  c", "processingInstruction 1 p d", "endElement 0 r ",
            ])
    }

    @Test func attributeValuesAreDecodedAndPrefixedNamesKept() {
        let reader = XMLStreamReader(
            bytes: Array("<r xmlns:x='urn:x' a='1 &amp; 2 &#38; 3 &lt; &#x42;' x:b='&quot;q&quot;' xml:lang='fr'/>".utf8),
            documentName: "test")
        #expect(reader.read())
        #expect(reader.readAttributes().map { "\($0.name)=\($0.value)" } == ["a=1 & 2 & 3 < B", "x:b=\"q\"", "xml:lang=fr"])
        #expect(reader.attribute("a") == "1 & 2 & 3 < B")
        #expect(reader.attribute("lang") == nil)
        #expect(reader.attribute("xml:lang") == "fr")
        #expect(reader.attribute("xml:lang", oneOf: ["en", "fr"]) == "fr")
        #expect(reader.nameEquals("r") && !reader.nameEquals("x:r") && !reader.nameEquals("rr"))
    }

    @Test func aFatalErrorIsReachedOnlyAfterTheNodesBeforeIt() {
        let reader = XMLStreamReader(bytes: Array("<r><screen>ok</screen><broken></r>".utf8), documentName: "test")
        var kept: [XMLElement] = []
        while reader.read() {
            if reader.isElement && reader.nameEquals("screen") {
                let screen = reader.readElement()
                if !reader.stoppedEarly { kept.append(screen) }
            }
        }
        #expect(kept.map(\.text) == ["ok"])
        #expect(reader.stoppedEarly)
        #expect(reader.problems.contains { $0.level == .fatal })
    }

    @Test func anElementCutOffByAFatalErrorIsReportedAsStopped() {
        let reader = XMLStreamReader(bytes: Array("<r><screen><a>text</b></screen></r>".utf8), documentName: "test")
        var stoppedInside = false
        while reader.read() {
            if reader.isElement && reader.nameEquals("screen") {
                _ = reader.readElement()
                stoppedInside = reader.stoppedEarly
            }
        }
        #expect(stoppedInside)
    }

    @Test func readingPastTheEndStaysAtTheEnd() {
        let reader = XMLStreamReader(bytes: Array("<r/>".utf8), documentName: "test")
        #expect(reader.read())
        #expect(!reader.read())
        #expect(!reader.read())
        #expect(reader.problems.isEmpty)
        #expect(!reader.stoppedEarly)
    }

    @Test func afterAFatalErrorTheRestOfTheFileIsNotRead() {
        let rest = String(repeating: "<a b=\"1\"/>", count: 200_000)  // 2 MB, many chunks
        let bytes = Array("<r>&undeclared;\(rest)</r>".utf8)
        let reader = XMLStreamReader(bytes: bytes, documentName: "test")
        while reader.read() {}
        #expect(reader.problems.contains { $0.level == .fatal })
        #expect(reader.source.scanner.bytesSeen < bytes.count / 4, "\(reader.source.scanner.bytesSeen) of \(bytes.count) bytes read")
    }

    @Test func errorsThatDoNotStopLibxml2AreCappedAndStopTheReading() {
        let bytes = Array("<r>\(String(repeating: "<p:a/>", count: 5_000))</r>".utf8)  // an undeclared prefix each
        let reader = XMLStreamReader(bytes: bytes, documentName: "test")
        while reader.read() {}
        #expect(reader.problems.count == XMLStreamReader.maximumProblems + 1)
        #expect(reader.problems.last?.level == .fatal)
        #expect(reader.problems.last?.message.contains("reading stopped") == true)
    }
}
