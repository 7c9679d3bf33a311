import Testing

@testable import XMLStreaming

/// A document in another encoding than UTF-8 is read with the same positions as in UTF-8:
/// lines from 1, columns in characters. Bytes that are not text in the document's encoding
/// stop the reading with a fatal problem at their own line and column, never silently; an
/// encoding that cannot be read is refused at the start, where it is named.
struct DecodingTests {
    /// What reading a document gives: positions of elements (`name`) and attributes
    /// (`name@attribute`), the element names in order, the texts and the problems, each
    /// problem as `line:column kind level`.
    struct Reading {
        var positions: [String: String] = [:]
        var elements: [String] = []
        var texts: [String] = []
        var problems: [String] = []
        var messages: [String] = []
        /// The line libxml2 itself was on at each element's end of tag.
        var libxml2Lines: [String: Int] = [:]

        init(_ bytes: [UInt8]) {
            let reader = XMLStreamReader(bytes: bytes, documentName: "test")
            while reader.read() {
                switch reader.kind {
                case .element:
                    elements.append(reader.name)
                    positions[reader.name] = reader.position?.description
                    libxml2Lines[reader.name] = reader.lineRecordedByLibXML2
                    for attribute in reader.readAttributes() {
                        positions[reader.name + "@" + attribute.name] = attribute.position.description
                    }
                case .text, .cdata:
                    texts.append(reader.text)
                default:
                    break
                }
            }
            problems = reader.problems.map { "\($0.position) \($0.kind) \($0.level)" }
            messages = reader.problems.map(\.message)
        }
    }

    // MARK: - Bytes that are not text

    @Test func anUndefinedWindows1252ByteStopsTheReadingWhereItIs() {
        let bytes =
            EncodedBytes.ascii("<?xml version=\"1.0\" encoding=\"windows-1252\"?>\n<app-definition>\n")
            + EncodedBytes.ascii("  <onboarding-screen><title>Caf") + [0xE9, 0x20, 0x80]
            + EncodedBytes.ascii("</title></onboarding-screen>\n")
            + EncodedBytes.ascii("  <app-name>Bad ") + [0x81] + EncodedBytes.ascii(" byte</app-name>\n")
            + EncodedBytes.ascii("  <onboarding-screen><title>two</title></onboarding-screen>\n")
            + EncodedBytes.ascii("  <onboarding-screen><title>three</title></onboarding-screen>\n</app-definition>\n")
        let reading = Reading(bytes)
        #expect(reading.problems == ["4:17 undecodable fatal"])
        #expect(reading.messages.first?.contains("windows-1252") == true, "\(reading.messages)")
        #expect(reading.messages.first?.contains("0x81 0x20 0x62 0x79") == true, "\(reading.messages)")
        #expect(reading.elements == ["app-definition", "onboarding-screen", "title", "app-name"])
        #expect(reading.texts.contains("Café €"), "\(reading.texts)")
        #expect(reading.positions["title"] == "3:22")
    }

    /// A line with a Shift_JIS attribute and text, then an invalid sequence: a lead byte that
    /// a space follows.
    @Test func shiftJISIsCountedInCharactersAndAnInvalidSequenceStopsTheReading() {
        let text = "<?xml version=\"1.0\" encoding=\"Shift_JIS\"?>\n<r>\n  <a k=\"日本\">日本語</a><c z=\"1\"/>\n  <b>x"
        let bytes = EncodedBytes.encoded(text, with: EncodedBytes.shiftJIS) + [0x81, 0x20] + EncodedBytes.ascii("y</b>\n  <d/>\n</r>\n")
        let reading = Reading(bytes)
        #expect(reading.positions == ["r": "2:1", "a": "3:3", "a@k": "3:6", "c": "3:20", "c@z": "3:23", "b": "4:3"])
        #expect(reading.texts.contains("日本語"))
        #expect(reading.problems == ["4:7 undecodable fatal"])
        #expect(!reading.elements.contains("d"))
    }

    /// Far past the first chunks: the converter goes on from chunk to chunk, and the lines are
    /// counted all the way.
    @Test func aBadByteFarIntoALargeDocumentIsReportedWhereItIs() {
        let line = EncodedBytes.ascii("<p>Caf") + [0xE9, 0x20, 0x80] + EncodedBytes.ascii("</p>\n")
        let bytes =
            EncodedBytes.ascii("<?xml version=\"1.0\" encoding=\"windows-1252\"?>\n<r>\n")
            + Array([[UInt8]](repeating: line, count: 20_000).joined())
            + EncodedBytes.ascii("<p>x") + [0x81] + EncodedBytes.ascii("</p>\n</r>\n")
        #expect(bytes.count > 4 * XMLStreamReader.chunkSize)
        let reading = Reading(bytes)
        #expect(reading.problems == ["20003:5 undecodable fatal"])
        #expect(reading.elements.count == 20_002)
        #expect(Set(reading.texts) == ["Café €"])
    }

    /// `€` is one byte of windows-1252 and three of UTF-8: more than the converter first makes
    /// room for.
    @Test func textThatGrowsInConversionIsConvertedWhole() {
        let count = 30_000
        let bytes =
            EncodedBytes.ascii("<?xml version=\"1.0\" encoding=\"windows-1252\"?>\n<r><t>")
            + [UInt8](repeating: 0x80, count: count) + EncodedBytes.ascii("</t><c/></r>")
        let reading = Reading(bytes)
        #expect(reading.texts.count == 1 && reading.texts.first == String(repeating: "€", count: count))
        #expect(reading.positions["c"] == "2:\(count + 11)")
        #expect(reading.problems.isEmpty, "\(reading.messages)")
    }

    struct InvalidSequence: Sendable, CustomTestStringConvertible {
        var encoding: String
        var table: [Character: [UInt8]]
        var bytes: [UInt8]
        var testDescription: String { encoding }
    }

    @Test(arguments: [
        InvalidSequence(encoding: "Shift_JIS", table: EncodedBytes.shiftJIS, bytes: [0x81, 0x20]),
        InvalidSequence(encoding: "GB18030", table: EncodedBytes.gb18030, bytes: [0xFF]),
        InvalidSequence(encoding: "Big5", table: EncodedBytes.big5, bytes: [0xA4, 0x20]),
    ])
    func anInvalidMultiByteSequenceIsReportedAtItsCharacter(_ sequence: InvalidSequence) {
        let text = "<?xml version=\"1.0\" encoding=\"\(sequence.encoding)\"?>\n<r>\n  <a>日本語</a>\n  <b>x"
        let bytes = EncodedBytes.encoded(text, with: sequence.table) + sequence.bytes + EncodedBytes.ascii("y</b>\n</r>\n")
        let reading = Reading(bytes)
        #expect(reading.problems == ["4:7 undecodable fatal"])
        #expect(reading.messages.first?.contains(sequence.encoding) == true, "\(reading.messages)")
        #expect(reading.texts.contains("日本語"))
    }

    struct LoneSurrogate: Sendable, CustomTestStringConvertible {
        var unit: UInt32
        var littleEndian: Bool
        var testDescription: String { "U+\(String(unit, radix: 16, uppercase: true)) \(littleEndian ? "LE" : "BE")" }
    }

    @Test(
        arguments: [0xD800, 0xDBFF, 0xDC00, 0xDFFF].flatMap { unit in
            [true, false].map { LoneSurrogate(unit: UInt32(unit), littleEndian: $0) }
        })
    func aLoneSurrogateInUTF16IsReportedAtItsCharacter(_ surrogate: LoneSurrogate) {
        let before = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<r>\n  <a>é👍</a>\n  <b>x"
        let bytes =
            EncodedBytes.utf16(before, littleEndian: surrogate.littleEndian)
            + EncodedBytes.units([surrogate.unit], size: 2, littleEndian: surrogate.littleEndian)
            + EncodedBytes.utf16("y</b>\n</r>\n", littleEndian: surrogate.littleEndian, byteOrderMark: false)
        let reading = Reading(bytes)
        #expect(reading.problems == ["4:7 undecodable fatal"])
        #expect(reading.texts.contains("é👍"))
    }

    struct CutCharacter: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var testDescription: String { name }
    }

    @Test(arguments: [
        CutCharacter(name: "UTF-16 high surrogate", bytes: EncodedBytes.utf16("<r/>\n", littleEndian: true) + [0x3D, 0xD8]),
        CutCharacter(name: "UTF-16 odd byte", bytes: EncodedBytes.utf16("<r/>\n", littleEndian: false) + [0x00]),
        CutCharacter(
            name: "Shift_JIS lead byte",
            bytes: EncodedBytes.ascii("<?xml version=\"1.0\" encoding=\"Shift_JIS\"?>\n<r/>\n") + [0x93]),
        CutCharacter(
            name: "GB18030 half of four bytes",
            bytes: EncodedBytes.ascii("<?xml version=\"1.0\" encoding=\"GB18030\"?>\n<r/>\n") + [0x81, 0x30]),
    ])
    func aFileEndingInsideACharacterIsReportedAtItsEnd(_ cut: CutCharacter) {
        let reading = Reading(cut.bytes)
        let line = cut.name.hasPrefix("UTF-16") ? 2 : 3
        #expect(reading.problems == ["\(line):1 undecodable fatal"])
        #expect(reading.elements == ["r"])
    }

    // MARK: - Other encodings, counted right

    struct Encoding: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: @Sendable (String) -> [UInt8]
        var testDescription: String { name }
    }

    /// The text of `PositionTests.encodingsGiveTheSamePositions`, with characters of one, two,
    /// three and four UTF-8 bytes in names, values and text.
    @Test(arguments: [
        Encoding(name: "UTF-32LE") { EncodedBytes.utf32($0, littleEndian: true) },
        Encoding(name: "UTF-32BE") { EncodedBytes.utf32($0, littleEndian: false) },
        Encoding(name: "UTF-32LE without BOM") { EncodedBytes.utf32($0, littleEndian: true, byteOrderMark: false) },
        Encoding(name: "UTF-32BE without BOM") { EncodedBytes.utf32($0, littleEndian: false, byteOrderMark: false) },
        Encoding(name: "GB18030") { EncodedBytes.encoded($0, with: EncodedBytes.gb18030) },
    ])
    func unicodeEncodingsGiveTheSamePositionsAsUTF8(_ encoding: Encoding) {
        let declared = encoding.name.hasPrefix("UTF-32") ? "UTF-32" : encoding.name
        let text = "<?xml version=\"1.0\" encoding=\"\(declared)\"?>\n<r>\n  <a k=\"ünï\">日本</a><b 👍=\"x\" z=\"1\"/>\n</r>\n"
        let reading = Reading(encoding.bytes(text))
        #expect(reading.positions == ["r": "2:1", "a": "3:3", "a@k": "3:6", "b": "3:20", "b@👍": "3:23", "b@z": "3:29"])
        #expect(reading.texts == ["日本"])
        #expect(reading.problems.isEmpty, "\(reading.messages)")
    }

    struct DoubleByteDocument: Sendable, CustomTestStringConvertible {
        var encoding: String
        /// Two characters for a value and three for text.
        var value: String
        var text: String
        var bytes: @Sendable (String) -> [UInt8]
        var testDescription: String { encoding }
    }

    /// In ISO-2022-JP a kanji is two bytes that are also ASCII: in `七`, `上` and `下` they are
    /// a `<`, a `>` and a `<`, here inside a value and in text. None of them is markup.
    @Test(arguments: [
        DoubleByteDocument(encoding: "Shift_JIS", value: "日本", text: "日本語") { EncodedBytes.encoded($0, with: EncodedBytes.shiftJIS) },
        DoubleByteDocument(encoding: "Big5", value: "日本", text: "日本語") { EncodedBytes.encoded($0, with: EncodedBytes.big5) },
        DoubleByteDocument(encoding: "ISO-2022-JP", value: "七上", text: "七下上") { EncodedBytes.iso2022JP($0) },
    ])
    func doubleByteEncodingsAreCountedInCharacters(_ document: DoubleByteDocument) {
        let text = "<?xml version=\"1.0\" encoding=\"\(document.encoding)\"?>\n<r>\n  <a k=\"\(document.value)\">\(document.text)</a><c z=\"1\"/>\n</r>\n"
        let reading = Reading(document.bytes(text))
        #expect(reading.positions == ["r": "2:1", "a": "3:3", "a@k": "3:6", "c": "3:20", "c@z": "3:23"])
        #expect(reading.texts == [document.text])
        #expect(reading.problems.isEmpty, "\(reading.messages)")
    }

    /// A byte order mark says what the encoding is, whatever the declaration says.
    @Test func aUTF8ByteOrderMarkOutweighsTheDeclaration() {
        let bytes = [0xEF, 0xBB, 0xBF] + Array("<?xml version=\"1.0\" encoding=\"windows-1252\"?>\n<r a=\"é\">ü</r>\n".utf8)
        let reading = Reading(bytes)
        #expect(reading.texts == ["ü"])
        #expect(reading.positions == ["r": "2:1", "r@a": "2:4"])
        #expect(reading.problems.isEmpty, "\(reading.messages)")
    }

    // MARK: - Line ends

    /// A carriage return alone ends a line, as in XML and in editors; CR LF is one line end.
    @Test func carriageReturnsAloneEndLines() {
        let reading = Reading(Array("<r>\r  <a/>\r  <b\r   c='1'/>\r</r>\r".utf8))
        #expect(reading.positions == ["r": "1:1", "a": "2:3", "b": "3:3", "b@c": "4:4"])
        #expect(reading.libxml2Lines["a"] == 2)
        #expect(reading.problems.isEmpty, "\(reading.messages)")

        let mixed = Reading(Array("<r>\r\n<a/>\r<b/>\n<c/>\n\r<d/>x\ry</r>".utf8))
        #expect(mixed.positions == ["r": "1:1", "a": "2:1", "b": "3:1", "c": "4:1", "d": "6:1"])
        #expect(mixed.texts.contains("x\ny"))
        #expect(mixed.libxml2Lines["d"] == 6)
    }

    @Test func libxml2CountsCarriageReturnLinesAsTheReaderDoes() {
        let reading = Reading(Array("<r>\r  <a>\r  </b>\r</r>\r".utf8))
        #expect(reading.problems.first?.hasPrefix("3:") == true, "\(reading.problems)")
    }

    // MARK: - Refused encodings

    @Test func ebcdicIsRefusedAtTheStart() {
        let reading = Reading(EncodedBytes.ebcdic)
        #expect(reading.problems == ["1:1 unsupportedEncoding fatal"])
        #expect(reading.messages.first?.contains("EBCDIC") == true, "\(reading.messages)")
        #expect(reading.elements.isEmpty)
    }

    @Test(arguments: [[0x00, 0x00, 0x3C, 0x00], [0x00, 0x3C, 0x00, 0x00]] as [[UInt8]])
    func ucs4InAnUnusualByteOrderIsRefusedAtTheStart(_ start: [UInt8]) {
        let reading = Reading(start + [0x00, 0x00, 0x72, 0x00, 0x00, 0x00, 0x2F, 0x00, 0x00, 0x00, 0x3E, 0x00])
        #expect(reading.problems == ["1:1 unsupportedEncoding fatal"])
        #expect(reading.elements.isEmpty)
    }

    struct Declaration: Sendable, CustomTestStringConvertible {
        var declaration: String
        var position: String
        var testDescription: String { declaration }
    }

    /// An encoding iconv does not know, one the declaration is not written in, a name that is
    /// not one, or an encoding iconv joins characters of (a letter and the tone mark after it,
    /// in windows-1258: one character for iconv, two for an editor): refused where the
    /// declaration names it.
    @Test(arguments: [
        Declaration(declaration: "<?xml version=\"1.0\" encoding=\"windows-1258\"?>", position: "1:21"),
        Declaration(declaration: "<?xml version=\"1.0\" encoding=\"windows-1255\"?>", position: "1:21"),
        Declaration(declaration: "<?xml version=\"1.0\" encoding=\"TCVN5712-1\"?>", position: "1:21"),
        Declaration(declaration: "<?xml version=\"1.0\" encoding=\"x-no-such-encoding\"?>", position: "1:21"),
        Declaration(declaration: "<?xml version=\"1.0\" encoding=\"UTF-16\"?>", position: "1:21"),
        Declaration(declaration: "<?xml version=\"1.0\" encoding=\"UTF-32BE\"?>", position: "1:21"),
        Declaration(declaration: "<?xml version=\"1.0\" encoding=\"IBM037\"?>", position: "1:21"),
        Declaration(declaration: "<?xml version=\"1.0\" encoding=\"UTF-8//IGNORE\"?>", position: "1:21"),
        Declaration(declaration: "<?xml version='1.0'\n    encoding='nope'?>", position: "2:5"),
    ])
    func anEncodingThatCannotBeReadIsRefusedWhereItIsDeclared(_ declaration: Declaration) {
        let reading = Reading(Array((declaration.declaration + "\n<r>é</r>\n").utf8))
        #expect(reading.problems == ["\(declaration.position) unsupportedEncoding fatal"])
        #expect(reading.elements.isEmpty)
    }
}
