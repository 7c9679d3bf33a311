import PathText

/// `{"diagnostics":[{"file","line","column","severity","rule","message","notes"}]}`, for tools.
public struct JSONReporter: DiagnosticReporter {
    public init() {}

    public func report(_ diagnostics: [Diagnostic]) -> String {
        JSONValue.object([
            ("diagnostics", .array(diagnostics.map(Self.json(for:))))
        ]).rendered()
    }

    static func json(for diagnostic: Diagnostic) -> JSONValue {
        .object([
            // JSON text is Unicode: a byte of the name that is not UTF-8 is written `\xE9`.
            ("file", .string(PathText.shown(diagnostic.location.file))),
            ("line", .int(diagnostic.location.line)),
            ("column", .int(diagnostic.location.column)),
            ("severity", .string(diagnostic.severity.rawValue)),
            ("rule", .string(diagnostic.ruleID)),
            ("message", .string(diagnostic.message)),
            ("notes", .array(diagnostic.notes.map(JSONValue.string))),
        ])
    }
}
