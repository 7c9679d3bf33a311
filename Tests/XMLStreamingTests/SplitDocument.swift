import Testing

@testable import XMLStreaming

/// A small document for ``ChunkSplitTests``, with what reading it whole must give: each one puts
/// a chunk boundary inside a different kind of markup, character or encoding when it is split
/// at every offset.
struct SplitDocument: Sendable, CustomTestStringConvertible {
    /// What reading the document whole reports, checked first so that a document that does not
    /// exercise what it is meant to is noticed.
    enum Outcome: Sendable {
        case wellFormed
        /// Refused at its DOCTYPE, which is at this position.
        case doctype(line: Int, column: Int)
        /// Not well-formed: libxml2 reports at least one problem of this level.
        case malformed(XMLProblem.Level)
        /// Stopped by bytes that are not text in the document's encoding, at this position.
        case undecodable(line: Int, column: Int)
    }

    var name: String
    var bytes: [UInt8]
    var outcome: Outcome

    var testDescription: String { "\(name) (\(bytes.count) bytes)" }

    static let all: [SplitDocument] = [
        SplitDocument(name: "UTF-8", bytes: Array(unicodeText(encoding: "UTF-8").utf8), outcome: .wellFormed),
        SplitDocument(name: "UTF-8 with BOM", bytes: [0xEF, 0xBB, 0xBF] + Array(unicodeText(encoding: "UTF-8").utf8), outcome: .wellFormed),
        SplitDocument(name: "UTF-16LE", bytes: EncodedBytes.utf16(unicodeText(encoding: "UTF-16"), littleEndian: true), outcome: .wellFormed),
        SplitDocument(name: "UTF-16BE", bytes: EncodedBytes.utf16(unicodeText(encoding: "UTF-16"), littleEndian: false), outcome: .wellFormed),
        SplitDocument(
            name: "UTF-16LE without BOM", bytes: EncodedBytes.utf16(unicodeText(encoding: "UTF-16"), littleEndian: true, byteOrderMark: false),
            outcome: .wellFormed),
        SplitDocument(name: "ISO-8859-1", bytes: EncodedBytes.latin1(latin1Text), outcome: .wellFormed),
        SplitDocument(name: "windows-1252 on one line", bytes: EncodedBytes.latin1(oneLineText), outcome: .wellFormed),
        SplitDocument(name: "attributes", bytes: Array(attributesText.utf8), outcome: .wellFormed),
        SplitDocument(name: "attributes in UTF-16BE", bytes: EncodedBytes.utf16(attributesText, littleEndian: false), outcome: .wellFormed),
        SplitDocument(name: "markup", bytes: Array(markupText.utf8), outcome: .wellFormed),
        SplitDocument(name: "markup in UTF-16LE", bytes: EncodedBytes.utf16(markupText, littleEndian: true), outcome: .wellFormed),
        SplitDocument(name: "DOCTYPE", bytes: Array(doctypeText.utf8), outcome: .doctype(line: 4, column: 3)),
        SplitDocument(name: "DOCTYPE in UTF-16LE", bytes: EncodedBytes.utf16(doctypeText, littleEndian: true), outcome: .doctype(line: 4, column: 3)),
        SplitDocument(name: "mismatched end tag", bytes: Array(mismatchedText.utf8), outcome: .malformed(.fatal)),
        SplitDocument(name: "undeclared entity", bytes: Array(undeclaredEntityText.utf8), outcome: .malformed(.fatal)),
        SplitDocument(name: "undeclared prefix", bytes: Array(undeclaredPrefixText.utf8), outcome: .malformed(.error)),
        SplitDocument(name: "cut in a value", bytes: Array(cutText.utf8), outcome: .malformed(.fatal)),
        SplitDocument(name: "UTF-32LE", bytes: EncodedBytes.utf32(unicodeText(encoding: "UTF-32"), littleEndian: true), outcome: .wellFormed),
        SplitDocument(
            name: "UTF-32BE without BOM",
            bytes: EncodedBytes.utf32(unicodeText(encoding: "UTF-32"), littleEndian: false, byteOrderMark: false), outcome: .wellFormed),
        SplitDocument(name: "GB18030", bytes: EncodedBytes.encoded(gb18030Text, with: EncodedBytes.gb18030), outcome: .wellFormed),
        SplitDocument(name: "Shift_JIS", bytes: EncodedBytes.encoded(shiftJISText, with: EncodedBytes.shiftJIS), outcome: .wellFormed),
        SplitDocument(name: "Big5", bytes: EncodedBytes.encoded(big5Text, with: EncodedBytes.big5), outcome: .wellFormed),
        SplitDocument(name: "ISO-2022-JP", bytes: EncodedBytes.iso2022JP(iso2022JPText), outcome: .wellFormed),
        SplitDocument(name: "CR line ends", bytes: Array(carriageReturnText.utf8), outcome: .wellFormed),
        SplitDocument(name: "windows-1252 undefined byte", bytes: windows1252UndefinedByte, outcome: .undecodable(line: 3, column: 7)),
        SplitDocument(name: "Shift_JIS invalid sequence", bytes: shiftJISInvalidSequence, outcome: .undecodable(line: 3, column: 13)),
        SplitDocument(name: "UTF-16LE lone surrogate", bytes: utf16LoneSurrogate, outcome: .undecodable(line: 2, column: 13)),
    ]

    /// 2-, 3- and 4-byte UTF-8 characters (two UTF-16 units for the last) in element names,
    /// attribute names, attribute values and text, next to the markup the scanner looks for.
    private static func unicodeText(encoding: String) -> String {
        """
        <?xml version="1.0" encoding="\(encoding)"?>
        <résumé ключ="значение" 日本="語 👍🏽" 𝒜='𝄞'>
          ünï 日本語 👍🏽 𝄞<ß é='ñ'/>
          <日本 x="1">語</日本><𝒜𝒜/><é/>
        </résumé>

        """
    }

    /// Single-byte characters in names, values and text, as declared; `°` and `½` are bytes that
    /// would be UTF-8 continuation bytes, which are not characters.
    private static let latin1Text = """
        <?xml version="1.0" encoding="ISO-8859-1"?>
        <r é="°ü" ÿ='ß'>Grüße ½<ñ/></r>

        """

    /// The declaration on the line of the elements, so that its characters count in their columns.
    private static let oneLineText = "<?xml version='1.0' encoding='windows-1252'?><r a='°'>½<b c='1'/></r>"

    /// Both quote styles; `>`, quotes, `&amp;` and `&#38;` in values; spaces, tabs, `\n` and
    /// `\r\n` between attributes and around `=`; a value across lines; namespace declarations,
    /// which are not attributes.
    private static let attributesText =
        "<r a=\"x > y\" b='it&apos;s \"q\" > z' c=\"1 &amp; 2 &#38; 3 &lt; 4\"\td = 'sp'\n"
        + "   e=\"line1\nline2\"\r\n  f=\"v\"\r\n\tg='&#x41;&#66;&#x1F44D;'\n"
        + "  xmlns=\"urn:d\" xmlns:p='urn:p' p:h=\"ns\" xmlnsish=\"no\">\n"
        + "  <p:i  j = \"&gt;\" k='>'/><l m=\"'\" n='\"'></l><o\n/><q\r\n></q>\n"
        + "</r>\n"

    /// Everything the scanner skips (comments, CDATA, processing instructions), empty elements,
    /// character and entity references, and `\r\n` line ends.
    private static let markupText =
        "<?xml version='1.0'?>\r\n"
        + "<?first data > with a greater-than ?>\r\n"
        + "<!-- <fake a=\"b\"/> - dash -> arrow -->\r\n"
        + "<r>\r\n"
        + "  <![CDATA[ <fake> ]] ]> ]]]]><![CDATA[>]]>\r\n"
        + "  <a/><b /><c></c><?pi x?y?><!---->\r\n"
        + "  &#x41;&#66;&#x1F44D;&lt;&gt;&amp;&quot;&apos;\r\n"
        + "  <d e=\"&#x1F44D;\"/>text after\r\n"
        + "</r>\r\n"
        + "<!-- trailing -->\r\n"
        + "<?trailing?>"

    /// A DOCTYPE after other markup, indented so that its column is not 1.
    private static let doctypeText = """
        <?xml version="1.0"?>
        <!-- before <!DOCTYPE x> -->
        <?pi <!DOCTYPE y>?>
          <!DOCTYPE r [<!ENTITY e "EXPANDED">]>
        <r a="1">&e;</r>

        """

    private static let mismatchedText = "<r>\n  <a k=\"v\">ü日本</b>\n</r>\n"
    private static let undeclaredEntityText = "<r>\n  <a>x &nbsp; y</a>\n</r>\n"
    /// An error that libxml2 does not stop at.
    private static let undeclaredPrefixText = "<r>\n  <p:a k=\"1\"/>\n  <b/>\n</r>\n"
    private static let cutText = "<r>\n  <a b=\"1 &amp; 2"

    /// Characters of two and four bytes in names, values and text.
    private static let gb18030Text = "<?xml version=\"1.0\" encoding=\"GB18030\"?>\n<r ü=\"日本\">👍語<日 a=\"ï\"/>\n</r>\n"
    private static let shiftJISText = "<?xml version=\"1.0\" encoding=\"Shift_JIS\"?>\n<r 日本=\"語\">日本語<日 a=\"1\"/>\n</r>\n"
    private static let big5Text = "<?xml version=\"1.0\" encoding=\"Big5\"?>\n<r 日=\"本\">日本語<語 a=\"1\"/>\n</r>\n"
    /// Kanji whose bytes are `<` and `>` in a value and in text; the escapes switch in and out.
    private static let iso2022JPText = "<?xml version=\"1.0\" encoding=\"ISO-2022-JP\"?>\n<r a=\"七上\">下七<b c=\"上\"/>\n</r>\n"
    /// Lines ended by CR alone, CR LF and LF, in tags and in text.
    private static let carriageReturnText = "<r>\r  <a b='1'\r c='2'/>\r\n  <d/>x\r\ry\r</r>\r"

    private static let windows1252UndefinedByte =
        EncodedBytes.ascii("<?xml version=\"1.0\" encoding=\"windows-1252\"?>\n<r a=\"") + [0xE9]
        + EncodedBytes.ascii("\">") + [0x80, 0xFC] + EncodedBytes.ascii("\n  <b>x") + [0x81] + EncodedBytes.ascii("y</b>\n</r>\n")
    private static let shiftJISInvalidSequence =
        EncodedBytes.encoded("<?xml version=\"1.0\" encoding=\"Shift_JIS\"?>\n<r>\n  <a>日本</a>x", with: EncodedBytes.shiftJIS)
        + [0x81, 0x20] + EncodedBytes.ascii("y\n</r>\n")
    private static let utf16LoneSurrogate =
        EncodedBytes.utf16("<r>\n  <a>é👍</a>x", littleEndian: true) + [0x00, 0xD8]
        + EncodedBytes.utf16("y</r>\n", littleEndian: true, byteOrderMark: false)
}
