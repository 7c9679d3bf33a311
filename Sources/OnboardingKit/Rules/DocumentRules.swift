// Rules about the file as a whole: can it be read, is it XML, is it an appDef.
internal import XMLStreaming

struct UnreadableFileRule: Rule {
    static let description = RuleDescription(
        id: "unreadable-file", severity: .error,
        summary: "The file cannot be opened or read.",
        rationale: "The path must name a readable file (not a folder). Check the path and its permissions.",
        triggeringExamples: [], nonTriggeringExamples: [], isReadingRule: true)

    func check(_ context: LintContext) -> [Finding] {
        var findings: [Finding] = []
        if let error = context.syntax.inputError {
            findings.append(Finding(position: .start, message: "cannot read the file: \(error.reason)"))
        }
        for problem in context.syntax.problems where problem.kind == .unreadable {
            findings.append(Finding(position: problem.position, message: problem.message))
        }
        return findings
    }
}

struct MalformedXMLRule: Rule {
    static let description = RuleDescription(
        id: "malformed-xml", severity: .error,
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

struct UnsupportedEncodingRule: Rule {
    static let description = RuleDescription(
        id: "unsupported-encoding", severity: .error,
        summary: "The file's encoding cannot be read; nothing in it is read.",
        rationale: """
            SAB writes appDefs in UTF-8. Other encodings are read when their characters can be \
            counted for positions: UTF-16 and UTF-32 (with a byte order mark or starting with \
            `<?xml`), and any encoding the XML declaration names that the system's iconv converts \
            and that writes the declaration in ASCII (windows-1252, ISO-8859-*, Shift_JIS, GB18030, \
            Big5...). Refused: EBCDIC, UCS-4 in an unusual byte order, a name that is not an \
            encoding name or that iconv does not know, an encoding the declaration itself is not \
            written in, and one whose characters iconv joins (windows-1255, windows-1258, TCVN, \
            TSCII: columns would not match the file). Save the file as UTF-8.
            """,
        triggeringExamples: [
            RuleExample(
                """
                <?xml version="1.0" ↓encoding="x-mac-klingon"?>
                <app-definition type="SAB"/>
                """),
            RuleExample(
                """
                <?xml version="1.0" ↓encoding="UTF-16"?>
                <app-definition type="SAB"/>
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <?xml version="1.0" encoding="windows-1252"?>
                <app-definition type="SAB"><app-name>Bible</app-name><onboarding-screen><title type="top-title"><translation>Welcome</translation></title></onboarding-screen></app-definition>
                """)
        ],
        isReadingRule: true)

    func check(_ context: LintContext) -> [Finding] {
        context.syntax.problems.filter { $0.kind == .unsupportedEncoding }.map {
            Finding(position: $0.position, message: $0.message, notes: ["save the file as UTF-8, as SAB does"])
        }
    }
}

struct DoctypeForbiddenRule: Rule {
    static let description = RuleDescription(
        id: "doctype-forbidden", severity: .error,
        summary: "The file has a DOCTYPE; it is refused unread.",
        rationale: """
            SAB never writes a DOCTYPE. A DTD can declare entities that read local files, reach the \
            network or expand to gigabytes, so the file is not parsed past the DOCTYPE at all. \
            Remove the `<!DOCTYPE ...>` declaration.
            """,
        triggeringExamples: [
            RuleExample(
                """
                <?xml version="1.0" encoding="utf-8"?>
                ↓<!DOCTYPE app-definition [<!ENTITY secret SYSTEM "file:///etc/hostname">]>
                <app-definition>&secret;</app-definition>
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <?xml version="1.0" encoding="utf-8"?>
                <!-- no DOCTYPE here -->
                <app-definition><onboarding-screen><title type="top-title"><translation>Welcome</translation></title></onboarding-screen></app-definition>
                """)
        ],
        isSafetyRule: true)

    func check(_ context: LintContext) -> [Finding] {
        context.syntax.problems.filter { $0.kind == .doctype }.map {
            Finding(position: $0.position, message: $0.message)
        }
    }
}

struct NotAnAppDefRule: Rule {
    static let description = RuleDescription(
        id: "not-an-appdef", severity: .warning,
        summary: "The root element is not <app-definition>.",
        rationale: "An appDef file written by SAB has the root element <app-definition>; this file may be another XML file given by mistake.",
        triggeringExamples: [
            RuleExample(
                """
                <?xml version="1.0" encoding="utf-8"?>
                ↓<svg xmlns="http://www.w3.org/2000/svg"/>
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                "<app-definition type=\"SAB\"><onboarding-screen><title type=\"top-title\"><translation>Welcome</translation></title></onboarding-screen></app-definition>"
            )
        ])

    func check(_ context: LintContext) -> [Finding] {
        guard let root = context.syntax.root, root.name != AppDefVocabulary.root else { return [] }
        return [Finding(position: root.position, message: "the root element is <\(root.name)>, not <app-definition>: is this an appDef file?")]
    }
}

struct NoOnboardingScreensRule: Rule {
    static let description = RuleDescription(
        id: "no-onboarding-screens", severity: .note,
        summary: "The appDef defines no onboarding screens.",
        rationale: "Most apps have none, and that is fine: the app then opens without onboarding, and `build` writes a manifest with no screens.",
        triggeringExamples: [RuleExample("↓<app-definition type=\"SAB\"><app-name>Bible</app-name></app-definition>")],
        nonTriggeringExamples: [RuleExample("<onboarding-screen><title type=\"top-title\"><translation>Welcome</translation></title></onboarding-screen>")])

    func check(_ context: LintContext) -> [Finding] {
        let stoppedEarly = context.syntax.problems.contains { $0.level == .fatal }
        guard context.screens.isEmpty, !stoppedEarly, context.syntax.inputError == nil,
            let root = context.syntax.root, root.name == AppDefVocabulary.root
        else { return [] }
        return [Finding(position: root.position, message: "no onboarding screens: the app opens without onboarding")]
    }
}
