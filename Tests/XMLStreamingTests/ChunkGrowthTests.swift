import Testing

@testable import XMLStreaming

/// libxml2 2.9 parses an unfinished start tag again from its `<` whenever a chunk brings a `>`.
/// A tag longer than many chunks (a hostile one: its value full of `>`, which a value may hold)
/// must not be parsed again at every chunk: while libxml2 stands still, chunks grow.
struct ChunkGrowthTests {
    /// A 2 MiB attribute value of `abcdefg>` over and over.
    static let longValue = String(repeating: "abcdefg>", count: 256 * 1024)

    /// `<root>`, a start tag of 2 MiB, then `lines` lines of ordinary elements.
    static func document(ordinaryLines lines: Int) -> [UInt8] {
        let ordinary = String(repeating: "  <c>text</c>\n", count: lines)
        return Array("<root>\n  <a v=\"\(longValue)\"/>\n  <b/>\n\(ordinary)</root>\n".utf8)
    }

    @Test func aTagOfMegabytesIsParsedInAFewChunks() {
        let reader = XMLStreamReader(bytes: Self.document(ordinaryLines: 0), documentName: "long-tag.xml")
        var elements: [(name: String, position: SourcePosition?)] = []
        var value: String?
        while reader.read() {
            guard reader.isElement else { continue }
            elements.append((reader.name, reader.position))
            if reader.name == "a" { value = reader.attribute("v") }
        }
        #expect(reader.problems.isEmpty)
        #expect(elements.map(\.name) == ["root", "a", "b"])
        #expect(elements.last?.position == SourcePosition(line: 3, column: 3))
        #expect(value == Self.longValue)
        // 16 KiB at a time, 129 chunks; doubled from 16 KiB while libxml2 waits, 8.
        #expect(reader.chunksParsed <= 10)
    }

    @Test func chunksShrinkBackOnceLibXML2MovesOn() {
        // 4 MiB of ordinary elements after the long tag. The chunk that ends the tag (1 MiB)
        // takes the first of them; the rest are read 16 KiB at a time again (at least 128
        // chunks for the last 2 MiB), not a megabyte at a time (a dozen chunks in all).
        let lines = 4 * 1024 * 1024 / 14
        let reader = XMLStreamReader(bytes: Self.document(ordinaryLines: lines), documentName: "long-tag.xml")
        var count = 0
        while reader.read() {
            if reader.isElement { count += 1 }
        }
        #expect(reader.problems.isEmpty)
        #expect(count == 3 + lines)
        #expect(reader.chunksParsed >= 2 * 1024 * 1024 / XMLStreamReader.chunkSize)
    }

    /// Growing chunks keep what the last one left: here Shift_JIS, two bytes a character, so
    /// chunks end inside characters whose first byte is carried into the larger buffer.
    @Test(arguments: 0..<3) func aConvertedTagOfMegabytesReadsTheSame(padding: Int) {
        let value = String(repeating: "日>", count: 700 * 1024)
        let text = "<?xml version=\"1.0\" encoding=\"Shift_JIS\"?>\n<r>\(String(repeating: " ", count: padding))<a v=\"\(value)\"/><b/></r>\n"
        let reader = XMLStreamReader(bytes: EncodedBytes.encoded(text, with: EncodedBytes.shiftJIS), documentName: "long-tag-sjis.xml")
        var names: [String] = []
        var read: String?
        while reader.read() {
            guard reader.isElement else { continue }
            names.append(reader.name)
            if reader.name == "a" { read = reader.attribute("v") }
        }
        #expect(reader.problems.isEmpty)
        #expect(names == ["r", "a", "b"])
        #expect(read == value)
        #expect(reader.chunksParsed <= 10)
    }

    @Test func aChunkOfAppDefNodesFitsTheBuffersReservedRoom() {
        // Translation mappings, the bulk of a real appDef: about 1,500 nodes a 16 KiB chunk.
        let line = "    <translation lang=\"fr\">Télécharger le fichier</translation>\n"
        let text =
            "<app-definition><translation-mappings><tm id=\"a\">\n" + String(repeating: line, count: 2000) + "</tm></translation-mappings></app-definition>\n"
        let reader = XMLStreamReader(bytes: Array(text.utf8), documentName: "mappings.xml")
        let reserved = reader.nodes.nodes.capacity
        var largest = 0
        while reader.read() { largest = max(largest, reader.nodes.nodes.capacity) }
        #expect(reader.problems.isEmpty)
        #expect(largest == reserved, "the node array grew from \(reserved) to \(largest)")
        // And what is reserved stays under glibc's 128 KiB threshold for a block mapped on its
        // own (the array's storage has a 32-byte header).
        #expect(MemoryLayout<NodeBuffer.Node>.stride * reserved + 32 < 128 * 1024)
    }
}
