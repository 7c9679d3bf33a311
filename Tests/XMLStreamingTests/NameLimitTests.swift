import Testing

@testable import XMLStreaming

/// A document with more than ``XMLStreamReader/maximumNames`` distinct names stops at the start
/// tag that goes past them: libxml2 2.9's name dictionary stops growing its table, so a document
/// of 640,000 distinct names took it ten seconds and more, while the same bytes in repeated
/// names read at once.
struct NameLimitTests {
    struct Outcome {
        var elements = 0
        var problems: [XMLProblem] = []
    }

    static func read(_ document: String, chunkSize: Int? = nil) -> Outcome {
        let bytes = Array(document.utf8)
        let reader =
            chunkSize.map { XMLStreamReader(bytes: bytes, documentName: "test", chunkSize: $0) }
            ?? XMLStreamReader(bytes: bytes, documentName: "test")
        var outcome = Outcome()
        while reader.read() {
            if reader.isElement { outcome.elements += 1 }
        }
        outcome.problems = reader.problems
        return outcome
    }

    /// `<n0/><n1/>...`, one element name each, on one line after `<root>`.
    static func distinctElements(_ count: Int) -> String {
        "<root>\n" + (0..<count).map { "<n\($0)/>" }.joined() + "\n</root>\n"
    }

    /// Not a timing test: reading stops at the tag that goes past the limit, so libxml2 never
    /// holds more names than that. The position is the tag's own.
    @Test(.timeLimit(.minutes(10)))
    func aHundredThousandDistinctElementNamesStopAtTheLimit() throws {
        let document = Self.distinctElements(100_000)
        let outcome = Self.read(document)
        #expect(outcome.problems.map(\.kind) == [.tooManyNames])
        let problem = try #require(outcome.problems.first)
        #expect(problem.level == .fatal)
        #expect(problem.message.contains("more than 10000 distinct"))
        // The names libxml2 holds before the document's: a few of its own (xml, xmlns...) and root.
        let tag = try #require(outcome.elements > 0 ? outcome.elements : nil)
        #expect(tag < XMLStreamReader.maximumNames)
        #expect(problem.position.line == 2)
    }

    @Test func distinctAttributeNamesCountToo() {
        let tags = (0..<11).map { tag in "<e " + (0..<1000).map { "t\(tag)a\($0)=\"\"" }.joined(separator: " ") + "/>" }
        let outcome = Self.read("<root>\n" + tags.joined(separator: "\n") + "\n</root>")
        #expect(outcome.problems.map(\.kind) == [.tooManyNames])
        // The tenth tag brings the names past 10,000: it is on the tenth line after <root>'s.
        #expect(outcome.problems.first?.position == SourcePosition(line: 11, column: 1))
    }

    /// Names used again are one name: a document far larger than the limit in elements reads.
    @Test func repeatedNamesAreOneName() {
        let document = "<root>" + String(repeating: "<a x=\"1\"/><b y=\"2\"/>", count: 50_000) + "</root>"
        for chunkSize in [7, XMLStreamReader.chunkSize] {
            let outcome = Self.read(document, chunkSize: chunkSize)
            #expect(outcome.problems.isEmpty, "chunk size \(chunkSize): \(outcome.problems)")
        }
    }

    @Test func aDocumentJustUnderTheLimitIsRead() {
        let outcome = Self.read(Self.distinctElements(XMLStreamReader.maximumNames - 100))
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
    }
}
