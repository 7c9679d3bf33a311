import Foundation
import Testing

@testable import XMLStreaming

/// Positions are checked against the raw text: at the line and column reported for an element
/// stands `<name`, for an attribute `name=`. Columns count characters, not bytes.
struct PositionTests {
    /// The real appDefs of ../shared beside the clone (third-party data the project does not
    /// carry); where ../shared is absent, the tests that read them say they were skipped.
    static let realAppDefs: [URL] = ["appdef-samples", "appdef-samples-wild"].flatMap { name -> [URL] in
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/\(name)")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".xml") || $0.hasSuffix(".appDef") }.sorted().map { folder.appendingPathComponent($0) }
    }
    static let absent: Comment = "the real appDefs are third-party data the project does not carry: ../shared/appdef-samples is not beside this clone"

    @Test(.enabled(if: !realAppDefs.isEmpty, absent))
    func realFilesAreFound() {
        #expect(Self.realAppDefs.count == 14)
    }

    @Test(.enabled(if: !realAppDefs.isEmpty, absent), arguments: realAppDefs)
    func everyElementAndAttributeOfARealFileIsWhereItIsReported(_ url: URL) throws {
        let lines = try TextLines(url: url)
        let reader = try XMLStreamReader(path: url.path)
        var elements = 0
        while reader.read() {
            guard reader.kind == .element else { continue }
            elements += 1
            let position = try #require(reader.position)
            let name = reader.name
            #expect(lines.text(at: position, count: name.count + 1) == "<" + name, "element \(name) at \(position)")
            #expect(position.line == reader.lineRecordedByLibXML2, "libxml2 puts \(name) on line \(reader.lineRecordedByLibXML2)")
            for attribute in reader.readAttributes() {
                #expect(lines.text(at: attribute.position, count: attribute.name.count) == attribute.name, "\(name)@\(attribute.name)")
            }
        }
        #expect(reader.problems.isEmpty)
        #expect(elements > 1000)
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let document = #"<a><b title="ΑΩ 日本"/><c x="é" y="👍🏽">ünï</c><d/></a>"#
        let positions = try elementPositions(document)
        #expect(positions == ["a": "1:1", "b": "1:4", "c": "1:22", "d": "1:45"])
        let attributes = try attributePositions(document)
        #expect(attributes == ["b@title": "1:7", "c@x": "1:25", "c@y": "1:31"])
    }

    @Test func markupInsideCommentsCDATAProcessingInstructionsAndValuesIsNotMistakenForTags() throws {
        let document = """
            <?xml version="1.0"?>
            <?sab <fake>?>
            <!-- <fake/> - still a comment -> <fake> -->
            <root a=">" b='<'.replace>
              <![CDATA[ <fake> ]] ]]>
              <real k="v"/><!----><real2/>
            </root>
            """.replacingOccurrences(of: "b='<'.replace", with: "b='&lt;'")
        let positions = try elementPositions(document)
        #expect(positions == ["root": "4:1", "real": "6:3", "real2": "6:23"])
    }

    @Test func namespaceDeclarationsAreNotCountedAsAttributes() throws {
        let document = #"<r xmlns="urn:a" xmlns:s="urn:s" s:k="1" xmlnsish="2" lang="fr"/>"#
        let attributes = try attributePositions(document)
        #expect(attributes == ["r@s:k": "1:34", "r@xmlnsish": "1:42", "r@lang": "1:55"])
    }

    @Test func crlfLinesAndTabsAreCounted() throws {
        let document = "<r>\r\n\t<a/>\r\n  <b\r\n   c='1'/>\r\n</r>\r\n"
        #expect(try elementPositions(document) == ["r": "1:1", "a": "2:2", "b": "3:3"])
        #expect(try attributePositions(document) == ["b@c": "4:4"])
    }

    @Test(arguments: ["utf-8-bom", "utf-16le", "utf-16be", "utf-16le-no-bom"])
    func encodingsGiveTheSamePositions(_ encoding: String) throws {
        let text =
            "<?xml version=\"1.0\" encoding=\"\(encoding.hasPrefix("utf-16") ? "UTF-16" : "UTF-8")\"?>\n<r>\n  <a k=\"ünï\">日本</a><b 👍=\"x\" z=\"1\"/>\n</r>\n"
        let bytes: [UInt8]
        switch encoding {
        case "utf-8-bom": bytes = [0xEF, 0xBB, 0xBF] + Array(text.utf8)
        case "utf-16le": bytes = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        case "utf-16be": bytes = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        default: bytes = text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        }
        let reader = XMLStreamReader(bytes: bytes, documentName: encoding)
        var found: [String: String] = [:]
        var texts: [String] = []
        while reader.read() {
            if reader.kind == .element {
                found[reader.name] = reader.position?.description
                for attribute in reader.readAttributes() { found[reader.name + "@" + attribute.name] = attribute.position.description }
            } else if reader.kind == .text {
                texts.append(reader.text)
            }
        }
        #expect(found == ["r": "2:1", "a": "3:3", "a@k": "3:6", "b": "3:20", "b@👍": "3:23", "b@z": "3:29"])
        #expect(texts == ["日本"])
        #expect(reader.problems.isEmpty)
    }

    // MARK: - Helpers

    private func elementPositions(_ document: String) throws -> [String: String] {
        let reader = XMLStreamReader(bytes: Array(document.utf8), documentName: "test")
        var positions: [String: String] = [:]
        while reader.read() {
            if reader.kind == .element { positions[reader.name] = reader.position?.description }
        }
        #expect(reader.problems.isEmpty, "\(reader.problems)")
        return positions
    }

    private func attributePositions(_ document: String) throws -> [String: String] {
        let reader = XMLStreamReader(bytes: Array(document.utf8), documentName: "test")
        var positions: [String: String] = [:]
        while reader.read() {
            guard reader.kind == .element else { continue }
            for attribute in reader.readAttributes() {
                positions[reader.name + "@" + attribute.name] = attribute.position.description
            }
        }
        #expect(reader.problems.isEmpty, "\(reader.problems)")
        return positions
    }
}

/// A file's lines as arrays of Unicode scalars, to read text at a line and column.
struct TextLines {
    let lines: [[Unicode.Scalar]]

    init(url: URL) throws {
        var text = try String(contentsOf: url, encoding: .utf8)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
    }

    func text(at position: SourcePosition, count: Int) -> String {
        guard position.line >= 1, position.line <= lines.count else { return "" }
        let line = lines[position.line - 1]
        let start = position.column - 1
        guard start >= 0, start < line.count else { return "" }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: line[start..<min(line.count, start + count)])
        return String(result)
    }
}
