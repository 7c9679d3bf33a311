import PathText

extension Diagnostic {
    /// `{"file","line","column","severity","rule","message","notes"}`: one diagnostic of the
    /// JSON report, and of the review page's JSON.
    package var json: JSONValue {
        .object([
            // JSON text is Unicode: a byte of the name that is not UTF-8 is written `\xE9`.
            ("file", .string(PathText.shown(location.file))),
            ("line", .int(location.line)),
            ("column", .int(location.column)),
            ("severity", .string(severity.rawValue)),
            ("rule", .string(ruleID)),
            ("message", .string(message)),
            ("notes", .array(notes.map(JSONValue.string))),
        ])
    }
}
