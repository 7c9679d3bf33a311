import AppDefModel
import Dispatch
internal import XMLStreaming

/// Options that change what a lint run looks at.
public struct LintOptions: Sendable, Hashable {
    /// The folder holding the onboarding images; by default `images/onboarding` beside each appDef.
    public var imagesDirectory: String?
    /// Which rules run: every rule but the opt-in ones, changed by `--disable` and `--enable`.
    public var rules: RuleSelection

    public init(imagesDirectory: String? = nil, rules: RuleSelection = RuleSelection()) {
        self.imagesDirectory = imagesDirectory
        self.rules = rules
    }
}

/// Runs every rule over appDef files and collects all their diagnostics in one list.
public struct Linter: Sendable {
    public var options: LintOptions

    public init(options: LintOptions = LintOptions()) {
        self.options = options
    }

    /// All diagnostics of all files, file by file in the order given, each file's in reading order.
    ///
    /// Files are linted in parallel, one per core: each is read on its own (libxml2 keeps a
    /// parser and its error handlers per thread), and the results go into their own slots, so
    /// the order is the order given.
    public func lint(paths: [String]) -> [Diagnostic] {
        guard paths.count > 1 else { return paths.flatMap { lint(path: $0) } }
        let results = ResultSlots<[Diagnostic]>(count: paths.count)
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            results.store(lint(path: paths[index]), at: index)
        }
        return results.values.flatMap { $0 }
    }

    /// All diagnostics of one file.
    public func lint(path: String) -> [Diagnostic] {
        lint(AppDefReader.read(path: path))
    }

    /// All diagnostics of a document held in memory, as if read from `path`.
    public func lint(bytes: [UInt8], path: String) -> [Diagnostic] {
        lint(AppDefReader.read(bytes: bytes, file: path))
    }

    /// Lints a read appDef; `folder` may be shared with the build, so that images are read once.
    package func lint(_ syntax: AppDefSyntax, images: ImageFolder? = nil) -> [Diagnostic] {
        let folder = images ?? ImageFolder(appDefPath: syntax.file, override: options.imagesDirectory)
        return lint(LintContext(syntax: syntax, images: folder))
    }

    /// Lints a read appDef whose context the caller keeps: the build fingerprints the screens
    /// and images lint looked at.
    package func lint(_ context: LintContext) -> [Diagnostic] {
        let syntax = context.syntax
        var diagnostics: [Diagnostic] = []
        for rule in RuleRegistry.rules where options.rules.runs(type(of: rule).description) {
            let description = type(of: rule).description
            for finding in rule.check(context) {
                diagnostics.append(
                    Diagnostic(
                        ruleID: description.id, severity: finding.severity ?? description.severity,
                        location: SourceLocation(
                            file: syntax.file, line: finding.position.line, column: finding.position.column),
                        message: finding.message, notes: finding.notes))
            }
        }
        return diagnostics.sortedByPosition()
    }
}
