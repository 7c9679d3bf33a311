import AppDefModel

struct MalformedXMLRule: Rule {
    static let description = RuleDescription(
        id: "malformed-xml", category: .reading, severity: .error,
        summary: "The file is not well-formed XML, or holds bytes that are not text in its encoding.",
        rationale: """
            An appDef is XML. A truncated file, a tag left open, an unescaped `&` or `<`, bytes that \
            are not text in the file's encoding (invalid UTF-8, a byte windows-1252 leaves \
            undefined, half a UTF-16 surrogate pair): reading stops at the first such error, and no \
            screen after it can be read. The message is libxml2's own, or for bytes of an encoding \
            other than UTF-8, the reader's; libxml2's warnings are reported as warnings.
            """,
        triggeringExamples: [
            RuleExample(
                """
                <?xml version="1.0" encoding="utf-8"?>
                <app-definition>
                  <onboarding-screen>
                  </app-definition>↓
                """),
            RuleExample(
                """
                <?xml version="1.0" encoding="utf-8"?>
                <app-definition>
                  <app-name>Tom &↓ Jerry</app-name>
                </app-definition>
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <?xml version="1.0" encoding="utf-8"?>
                <app-definition>
                  <app-name>Tom &amp; Jerry</app-name>
                  <onboarding-screen><title type="top-title"><translation>Welcome</translation></title></onboarding-screen>
                </app-definition>
                """)
        ],
        isReadingRule: true)

    func check(_ context: LintContext) -> [Finding] {
        context.syntax.problems.filter { [.malformed, .undecodable, .tooLong].contains($0.kind) }.map { problem in
            let notes = problem.kind == .undecodable ? [Self.undecodableNote] : Self.explanation(of: problem.message)
            return Finding(
                position: problem.position, message: problem.message, notes: notes,
                severity: problem.level == .warning ? .warning : nil)
        }
    }

    private static let undecodableNote = "the file is damaged here, or is not in the encoding it declares; save it as UTF-8, as SAB does"

    /// Plain words for libxml2's messages that puzzle people who are not XML experts.
    private static func explanation(of message: String) -> [String] {
        if message.hasPrefix("Document is empty") || message.hasPrefix("Start tag expected") {
            return ["no XML element was found: is this an appDef file?"]
        }
        if message.hasPrefix("Extra content at the end of the document") {
            return ["the file ends before its last element is closed, or something follows the root element: is it cut short?"]
        }
        if message.hasPrefix("Premature end of data") || message.hasPrefix("EndTag: '</' not found") {
            return ["the file ends in the middle of the document: it may have been cut short"]
        }
        if message.hasPrefix("Input is not proper UTF-8") {
            return ["save the file as UTF-8, or declare its real encoding in <?xml ... encoding=\"...\"?>"]
        }
        if message.hasPrefix("xmlParseEntityRef: no name") {
            return ["write '&' as '&amp;' in text and attribute values"]
        }
        return []
    }
}
