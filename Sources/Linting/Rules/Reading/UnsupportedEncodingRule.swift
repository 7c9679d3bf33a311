import AppDefModel

struct UnsupportedEncodingRule: Rule {
    static let description = RuleDescription(
        id: "unsupported-encoding", category: .reading, severity: .error,
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
