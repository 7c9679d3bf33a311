import Testing

@testable import XMLStreaming

/// Where the chunks end must change nothing the reader reports. The converter, the line end
/// normalizer, the scanner and libxml2 all carry state from one chunk to the next (half a
/// character or a shift sequence, a CR before a LF, a tag, a name, a quoted value, a comment),
/// and with 16 KiB chunks only large documents reach a boundary; here small documents are read
/// with every chunk size from one byte to past their length, and each read is compared with the
/// read in one chunk. (Bytes are read until the encoding is known, past an XML declaration:
/// the smallest sizes split from there.)
struct ChunkSplitTests {
    @Test(arguments: SplitDocument.all)
    func aDocumentSplitAtEveryOffsetReadsTheSame(_ document: SplitDocument) {
        let whole = ReadingTranscript(document.bytes, chunkSize: XMLStreamReader.chunkSize)
        checkOutcome(of: whole, document)
        let chunkSizes = Array(1...document.bytes.count + 1)
        var failing: [Int] = []
        var firstDifference = ""
        for chunkSize in chunkSizes {
            let split = ReadingTranscript(document.bytes, chunkSize: chunkSize)
            if let difference = whole.firstDifference(from: split) {
                if failing.isEmpty { firstDifference = difference }
                failing.append(chunkSize)
            }
        }
        // One issue per document, not one per chunk size: the smallest size that differs shows
        // the first node that differs.
        if let smallest = failing.first {
            let sizes = failing.prefix(10).map(String.init).joined(separator: ", ") + (failing.count > 10 ? ", …" : "")
            Issue.record("\(failing.count) of \(chunkSizes.count) chunk sizes read differently (\(sizes)); with \(smallest) bytes, \(firstDifference)")
        }
    }

    /// The read in one chunk is what every split read is compared with, so it is checked on its
    /// own: each document must read as it is meant to.
    private func checkOutcome(of whole: ReadingTranscript, _ document: SplitDocument) {
        switch document.outcome {
        case .wellFormed:
            #expect(whole.problems.isEmpty, "\(whole.problems)")
        case .doctype(let line, let column):
            #expect(whole.problems.map(\.kind) == [.doctype])
            #expect(whole.problems.first?.position == SourcePosition(line: line, column: column))
        case .malformed(let level):
            #expect(whole.problems.contains { $0.kind == .malformed && $0.level == level }, "\(whole.problems)")
        case .undecodable(let line, let column):
            #expect(whole.problems.map { "\($0.position) \($0.kind) \($0.level)" } == ["\(line):\(column) undecodable fatal"])
        }
        #expect(whole.lines.count > 2, "\(whole.lines)")
    }
}
