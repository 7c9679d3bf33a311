import AppDefModel

/// The compiler-style form editors and terminals understand:
/// `path:line:column: severity: message [rule-id]`, each note on its own line after it.
///
/// The path, the message and the notes come from outside (file names, the appDef's text):
/// their control and bidi characters are shown as codes (`<U+000A>`), so that each diagnostic
/// is one line that cannot pass for another, nor rewrite the terminal.
public struct TextReporter: DiagnosticReporter {
    /// Whether to colour severities with ANSI escapes (a terminal, without `NO_COLOR`).
    public var colored: Bool

    public init(colored: Bool = false) {
        self.colored = colored
    }

    public func report(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map(line(for:)).joined()
    }

    private func line(for diagnostic: Diagnostic) -> String {
        let file = diagnostic.location.file.withControlCharactersShown
        let location = "\(file):\(diagnostic.location.line):\(diagnostic.location.column)"
        let message = diagnostic.message.withControlCharactersShown
        var text = "\(bold(location + ":")) \(label(diagnostic.severity)) \(bold(message)) [\(diagnostic.ruleID)]\n"
        for note in diagnostic.notes {
            text += "\(location): \(label(.note)) \(note.withControlCharactersShown)\n"
        }
        return text
    }

    private func label(_ severity: Severity) -> String {
        let text = severity.rawValue + ":"
        guard colored else { return text }
        let color =
            switch severity {
            case .error: "\u{1B}[1;31m"
            case .warning: "\u{1B}[1;35m"
            case .note: "\u{1B}[1;36m"
            }
        return color + text + "\u{1B}[0m"
    }

    private func bold(_ text: String) -> String {
        colored ? "\u{1B}[1m" + text + "\u{1B}[0m" : text
    }
}
