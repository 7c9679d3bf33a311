import AppDefModel
import PathText

/// A SARIF 2.1.0 log with one run, in the shape GitHub code scanning accepts: every rule of the
/// tool in `tool.driver.rules` and one result per diagnostic, its file as a relative URI.
///
/// The same diagnostics in the same working directory give the same bytes, so a log can be
/// compared with a golden file or checked in.
public struct SARIFReporter: DiagnosticReporter {
    /// The schema the log declares: SchemaStore's copy, which editors and GitHub recognise.
    public static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
    /// Where the tool is described; SARIF requires an absolute URI here.
    public static let informationURI = "https://github.com/sillsdev/sab-onboarding"
    /// The rule id of problems in Mustache templates, which are not lint rules and so are not in
    /// ``RuleRegistry``.
    public static let templateErrorRuleID = "template-error"

    /// The folder that file paths are made relative to: a path under it becomes a relative URI
    /// (which GitHub resolves against the repository's root), any other an absolute `file:` URI.
    public var workingDirectory: String

    /// - Parameter workingDirectory: the folder paths are made relative to; by default the
    ///   process's current directory, where a CI job runs the tool from the repository's root.
    public init(workingDirectory: String = Paths.currentDirectory) {
        self.workingDirectory = workingDirectory
    }

    public func report(_ diagnostics: [Diagnostic]) -> String {
        var rules = Self.knownRules
        // A diagnostic of an id no rule describes still needs a rule for its `ruleIndex`; such
        // ids are added in order of first appearance, which keeps the output deterministic.
        for diagnostic in diagnostics where !rules.contains(where: { $0.id == diagnostic.ruleID }) {
            rules.append(
                ReportingDescriptor(
                    id: diagnostic.ruleID, severity: diagnostic.severity,
                    summary: "Problems reported as '\(diagnostic.ruleID)'.",
                    rationale: "Problems reported as '\(diagnostic.ruleID)'.", help: nil))
        }
        var ruleIndex: [String: Int] = [:]
        for (index, rule) in rules.enumerated() { ruleIndex[rule.id] = index }

        let driver = JSONValue.object([
            ("name", .string("sab-onboarding")),
            ("version", .string(SabOnboardingVersion.current)),
            ("semanticVersion", .string(SabOnboardingVersion.current)),
            ("informationUri", .string(Self.informationURI)),
            ("rules", .array(rules.map(\.json))),
        ])
        let run = JSONValue.object([
            ("tool", .object([("driver", driver)])),
            ("results", .array(diagnostics.map { result(for: $0, ruleIndex: ruleIndex[$0.ruleID] ?? 0) })),
        ])
        return JSONValue.object([
            ("$schema", .string(Self.schemaURI)),
            ("version", .string("2.1.0")),
            ("runs", .array([run])),
        ]).rendered()
    }

    private func result(for diagnostic: Diagnostic, ruleIndex: Int) -> JSONValue {
        let text = ([diagnostic.message] + diagnostic.notes).joined(separator: "\n")
        let uri = Self.uri(forPath: diagnostic.location.file, workingDirectory: workingDirectory)
        var artifactLocation: [(String, JSONValue)] = [("uri", .string(uri))]
        // The conventional base of source-relative URIs; GitHub and SARIF viewers resolve it to
        // the checkout. It is left unset in `originalUriBaseIds` so that the log does not carry
        // this machine's absolute path.
        if !uri.hasPrefix("file:") { artifactLocation.append(("uriBaseId", .string("%SRCROOT%"))) }
        let physicalLocation = JSONValue.object([
            ("artifactLocation", .object(JSONObject(artifactLocation))),
            (
                "region",
                .object([
                    // SARIF's lines and columns start at 1; a position of 0 would fail the schema.
                    ("startLine", .int(max(1, diagnostic.location.line))),
                    ("startColumn", .int(max(1, diagnostic.location.column))),
                ])
            ),
        ])
        return .object([
            ("ruleId", .string(diagnostic.ruleID)),
            ("ruleIndex", .int(ruleIndex)),
            ("level", .string(Self.level(diagnostic.severity))),
            ("message", .object([("text", .string(text))])),
            ("locations", .array([.object([("physicalLocation", physicalLocation)])])),
        ])
    }

    /// SARIF's `level` of a severity; the three names happen to be SARIF's own.
    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    // MARK: Rules

    /// A `reportingDescriptor`: what `driver.rules` lists for one rule id.
    struct ReportingDescriptor {
        var id: String
        var severity: Severity
        var summary: String
        var rationale: String
        /// The help text; `nil` means the rationale alone.
        var help: String?

        var json: JSONValue {
            .object([
                ("id", .string(id)),
                ("name", .string(SARIFReporter.upperCamelCase(id))),
                ("shortDescription", .object([("text", .string(summary))])),
                ("fullDescription", .object([("text", .string(rationale))])),
                ("help", .object([("text", .string(help ?? rationale))])),
                ("defaultConfiguration", .object([("level", .string(SARIFReporter.level(severity)))])),
            ])
        }
    }

    /// Every rule of the registry in listing order, then every id the build gives that is no
    /// lint rule: `template-error`, the notes on the image and font caches, and a font
    /// published whole.
    static var knownRules: [ReportingDescriptor] {
        RuleRegistry.descriptions.map { description in
            ReportingDescriptor(
                id: description.id, severity: description.severity, summary: description.summary,
                rationale: description.rationale,
                help: description.rationale + "\n\nRun `sab-onboarding rules \(description.id)` for examples.")
        } + [
            ReportingDescriptor(
                id: templateErrorRuleID, severity: .error,
                summary: "A Mustache template of `build` cannot be read or parsed.",
                rationale: """
                    `build --templates` replaces the built-in Mustache templates with the files of a \
                    folder. Each file there must be one of the templates, readable as UTF-8 and valid \
                    Mustache; a file that is not one of the templates is ignored with a warning.
                    """,
                help: """
                    Fix the template at the reported line, or remove it from the templates folder to \
                    use the built-in one. `sab-onboarding templates list` names the templates, and \
                    `sab-onboarding templates export DIR` writes the built-in ones to start from.
                    """),
            ReportingDescriptor(
                id: BuildDiagnosticID.imageCacheNotUsed, severity: .note,
                summary: "An image's sizes in the image cache were not used: the build made them again.",
                rationale: """
                    The build keeps the sizes it makes of each image in the user's cache folder, which may \
                    be shared or restored in CI: a file is used only if it is sealed with the user's cache key, \
                    and what it gives is checked as any input is (type, size, \
                    proportions, no metadata, nothing after the image's end, a whole decode). Sizes that \
                    fail a check are made again from the image, and the note says which check failed.
                    """,
                help: nil),
            ReportingDescriptor(
                id: BuildDiagnosticID.fontCacheNotUsed, severity: .note,
                summary: "A font's web font in the font cache was not used: the build made it again.",
                rationale: """
                    The build keeps the web fonts it makes in the user's cache folder, sealed with the user's \
                    cache key. A file there whose seal does not match, that does not read back whole, or whose \
                    font does not map and shape the carousel's text as the source font does, is made again \
                    from the source, and the note says why.
                    """,
                help: nil),
            ReportingDescriptor(
                id: BuildDiagnosticID.fontPublishedWhole, severity: .warning,
                summary: "A font is published whole, not subset: its subset does not shape the carousel's text as the font does.",
                rationale: """
                    The build subsets each font to the characters the carousel shows and checks the subset by \
                    shaping every text of the languages that use it. A subset that shapes otherwise (it lost \
                    legacy `kern` pairs, or layout the subsetter does not keep) is replaced by the whole font as \
                    WOFF2: the carousel shows its text as the font does, and visitors download all its glyphs.
                    """,
                help: nil),
        ]
    }

    /// `image-not-found` → `ImageNotFound`: SARIF's `name` is meant to be an identifier-like,
    /// human-readable form of the id.
    static func upperCamelCase(_ id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    // MARK: URIs

    /// The URI of a file for `artifactLocation.uri`: relative to `workingDirectory` when the
    /// path is under it, otherwise an absolute `file:` URI; each segment percent-encoded.
    ///
    /// The path is resolved lexically (`.` and `..`), never through the file system, so that the
    /// URI depends on the text of the path alone and the same input gives the same output.
    static func uri(forPath path: String, workingDirectory: String) -> String {
        let path = separatorsNormalized(path)
        let base = normalizedComponents(of: separatorsNormalized(workingDirectory))
        let absolute = path.hasPrefix("/") ? normalizedComponents(of: path) : normalizedComponents(of: base + [path])
        if absolute.count > base.count, Array(absolute.prefix(base.count)) == base {
            return absolute.dropFirst(base.count).map(percentEncoded).joined(separator: "/")
        }
        return "file:///" + absolute.map(percentEncoded).joined(separator: "/")
    }

    /// URIs use forward slashes; only on Windows is a backslash a separator rather than a
    /// character of a file name.
    private static func separatorsNormalized(_ path: String) -> String {
        #if os(Windows)
            path.replacing("\\", with: "/")
        #else
            path
        #endif
    }

    /// The components of an absolute path with `.`, `..` and empty components resolved.
    private static func normalizedComponents(of path: String) -> [String] {
        normalizedComponents(of: [path])
    }

    private static func normalizedComponents(of parts: [String]) -> [String] {
        var components: [String] = []
        for part in parts {
            for component in part.split(separator: "/", omittingEmptySubsequences: true) {
                switch component {
                case ".": continue
                case "..": _ = components.popLast()
                default: components.append(String(component))
                }
            }
        }
        return components
    }

    /// One path segment with every byte but RFC 3986's unreserved characters percent-encoded.
    /// Sub-delimiters and `:` are encoded too although a segment may hold them: a `:` in the first
    /// segment would read as a scheme, and encoding more is always valid.
    static func percentEncoded(_ segment: String) -> String {
        var encoded = ""
        // The bytes of the name, those that are not UTF-8 included (see PathText): a URI names bytes.
        for byte in PathText.bytes(of: segment) {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return encoded
    }
}
