import Foundation
import Testing

@testable import XMLStreaming

/// A DOCTYPE is withheld from libxml2: no entity of any kind is read, declared or expanded.
struct SafetyTests {
    private func readAll(_ document: String) -> (texts: [String], problems: [XMLProblem]) {
        let reader = XMLStreamReader(bytes: Array(document.utf8), documentName: "test")
        var texts: [String] = []
        while reader.read() {
            if reader.kind == .text || reader.kind == .cdata { texts.append(reader.text) }
        }
        return (texts, reader.problems)
    }

    @Test func externalEntityToALocalFileIsNeverRead() throws {
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("sab-secret-\(UUID().uuidString)")
        try "TOP-SECRET-CONTENT".write(to: secret, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: secret) }
        let document = """
            <?xml version="1.0"?>
            <!DOCTYPE r [<!ENTITY s SYSTEM "file://\(secret.path)">]>
            <r>&s;</r>
            """
        let result = readAll(document)
        #expect(!result.texts.joined().contains("TOP-SECRET"))
        #expect(result.problems.map(\.kind) == [.doctype])
        #expect(result.problems.first?.position == SourcePosition(line: 2, column: 1))
    }

    @Test func billionLaughsIsRefusedAtOnce() {
        var entities = "<!ENTITY a0 \"lol\">"
        for level in 1...12 {
            entities += "<!ENTITY a\(level) \"" + String(repeating: "&a\(level - 1);", count: 10) + "\">"
        }
        let clock = ContinuousClock()
        var result: (texts: [String], problems: [XMLProblem]) = ([], [])
        let elapsed = clock.measure {
            result = readAll("<!DOCTYPE r [\(entities)]><r>&a12;</r>")
        }
        #expect(result.problems.map(\.kind) == [.doctype])
        #expect(result.texts.isEmpty)
        // Not a performance assertion: an expansion would take minutes and gigabytes, not seconds.
        #expect(elapsed < .seconds(5))
    }

    @Test func aDoctypeSplitAcrossReadsIsStillWithheld() {
        // Padding puts the end of the first chunk on every byte of "<!DOCTYPE" and around it.
        let prolog = "<?xml version=\"1.0\"?>".utf8.count
        for padding in (XMLStreamReader.chunkSize - prolog - 12)...(XMLStreamReader.chunkSize - prolog + 2) {
            let document =
                "<?xml version=\"1.0\"?>" + String(repeating: " ", count: padding)
                + "<!DOCTYPE r [<!ENTITY e \"EXPANDED\">]><r>&e;</r>"
            let result = readAll(document)
            #expect(result.problems.map(\.kind) == [.doctype], "padding \(padding)")
            #expect(!result.texts.joined().contains("EXPANDED"))
        }
    }

    @Test func undeclaredEntitiesAreErrorsNotLookups() {
        let result = readAll("<r>&nbsp;&amp;&#x41;</r>")
        #expect(result.problems.contains { $0.kind == .malformed })
    }

    @Test func deepNestingStopsWithAnErrorNotACrash() {
        let depth = 100_000
        let document = String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
        let result = readAll(document)
        #expect(result.problems.contains { $0.level == .fatal && $0.message.contains("depth") })
    }

    @Test func anElementTooDeepIsReportedWhereItsTagStarts() {
        // The 257th <a> starts after 256 tags of three characters: at column 769.
        let document = String(repeating: "<a>", count: 300) + String(repeating: "</a>", count: 300)
        let problem = readAll(document).problems.first { $0.message.contains("depth") }
        #expect(problem?.position == SourcePosition(line: 1, column: 769))
    }

    @Test(arguments: [
        ("empty", [UInt8]()),
        ("binary", [0x00, 0xFF, 0x13, 0x37, 0x89, 0x50, 0x4E, 0x47]),
        ("truncated", Array("<?xml version=\"1.0\"?><r><a b=\"".utf8)),
        ("only-declaration", Array("<?xml version=\"1.0\"?>".utf8)),
        ("nul", Array("<r>a\u{0}b</r>".utf8)),
    ])
    func badInputIsAProblemNotACrash(_ name: String, _ bytes: [UInt8]) {
        let reader = XMLStreamReader(bytes: bytes, documentName: name)
        var steps = 0
        while reader.read() { steps += 1 }
        #expect(reader.problems.contains { $0.level == .fatal }, "\(name): \(reader.problems)")
        #expect(reader.read() == false, "reading again after the end stays at the end")
    }

    @Test func aFolderOrAMissingFileCannotBeOpened() {
        #expect(throws: XMLInputError.self) { try XMLStreamReader(path: "/") }
        #expect(throws: XMLInputError.self) { try XMLStreamReader(path: "/no/such/file.xml") }
    }
}
