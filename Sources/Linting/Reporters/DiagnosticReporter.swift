import AppDefModel

/// Turns a list of diagnostics into the text of one output format.
public protocol DiagnosticReporter: Sendable {
    /// The whole report for these diagnostics, ready to print.
    func report(_ diagnostics: [Diagnostic]) -> String
}

/// The output formats of `lint`.
public enum ReportFormat: String, Sendable, CaseIterable {
    case text
    case json
    /// SARIF 2.1.0, for GitHub code scanning and other SARIF viewers.
    case sarif
    /// GitHub Actions workflow commands, which annotate the files in a workflow run.
    case github

    /// The reporter for this format; `colored` applies to text only.
    public func reporter(colored: Bool) -> any DiagnosticReporter {
        switch self {
        case .text: TextReporter(colored: colored)
        case .json: JSONReporter()
        case .sarif: SARIFReporter()
        case .github: GitHubReporter()
        }
    }
}
