import AppDefModel

/// GitHub Actions workflow commands, one line per diagnostic, which a workflow's log turns into
/// annotations on the files of a pull request:
/// `::error file=PATH,line=L,col=C,title=RULE-ID::MESSAGE` (`::warning`, `::notice` for notes).
///
/// The notes follow the message on lines of their own. Values are escaped as GitHub's toolkit
/// (`@actions/core`, `command.ts`) escapes them, so that a `%`, a line break, or in a property a
/// `:` or `,`, cannot end the command early or inject another one. Before that, the control and
/// bidi characters of the path, the message and each note are shown as codes (`<U+000A>`): a
/// line break inside a message quoting the appDef is not a line of the annotation, and nothing
/// can make the log line read as another.
public struct GitHubReporter: DiagnosticReporter {
    public init() {}

    public func report(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map(line(for:)).joined()
    }

    private func line(for diagnostic: Diagnostic) -> String {
        let command =
            switch diagnostic.severity {
            case .error: "error"
            case .warning: "warning"
            case .note: "notice"
            }
        let properties = [
            ("file", diagnostic.location.file.withControlCharactersShown),
            ("line", String(diagnostic.location.line)),
            ("col", String(diagnostic.location.column)),
            ("title", diagnostic.ruleID),
        ].map { "\($0)=\(Self.escapeProperty($1))" }.joined(separator: ",")
        let message = ([diagnostic.message] + diagnostic.notes).map(\.withControlCharactersShown).joined(separator: "\n")
        return "::\(command) \(properties)::\(Self.escapeData(message))\n"
    }

    /// The toolkit's `escapeData`: `%` first, so that the escapes added after it stay as they are.
    static func escapeData(_ text: String) -> String {
        text.replacingAll("%", with: "%25").replacingAll("\r", with: "%0D").replacingAll("\n", with: "%0A")
    }

    /// The toolkit's `escapeProperty`: `escapeData`, and `:` and `,`, which end a property.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingAll(":", with: "%3A").replacingAll(",", with: "%2C")
    }
}

extension String {
    /// Every occurrence of `target` replaced, comparing Unicode scalars rather than characters:
    /// `"\r\n"` is one Swift character, and a character-wise search for `"\n"` would miss it.
    fileprivate func replacingAll(_ target: Unicode.Scalar, with replacement: String) -> String {
        var result = ""
        for scalar in unicodeScalars {
            if scalar == target { result += replacement } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }
}
