import AppDefModel

/// `{"diagnostics":[{"file","line","column","severity","rule","message","notes"}]}`, for tools.
public struct JSONReporter: DiagnosticReporter {
    public init() {}

    public func report(_ diagnostics: [Diagnostic]) -> String {
        JSONValue.object([
            ("diagnostics", .array(diagnostics.map(\.json)))
        ]).rendered()
    }
}
