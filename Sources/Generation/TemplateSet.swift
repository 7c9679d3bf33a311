import AppDefModel
package import Mustache

/// The templates of the output: the defaults compiled into the binary, each replaceable by a
/// file of the same name in the `--templates` folder.
public struct TemplateSet {
    /// The file names of the templates, e.g. `index.html.mustache`.
    public static let names: [String] = DefaultTemplates.files.map(\.name)

    /// Writes the default templates into `folder` (created if needed), to copy and change for
    /// `--templates`. Refuses to overwrite a file unless `overwrite` is set, and never writes
    /// through a link or into anything but a file: all is checked before the first write, so a
    /// refusal writes nothing. Returns the paths written.
    public static func exportDefaults(to folder: String, overwrite: Bool) throws(OutputError) -> [String] {
        do {
            try FileSystemCalls.makeDirectories(folder)
        } catch {
            throw OutputError(message: "cannot create the folder \(error)")
        }
        let targets = DefaultTemplates.files.map { ($0, Paths.join(folder, $0.name)) }
        for (_, path) in targets {
            switch FolderWalk.kind(of: path) {
            case nil: continue
            case .regularFile?:
                guard overwrite else { throw OutputError(message: "\(path) exists; give --force to overwrite the templates in \(folder)") }
            case .symbolicLink?:
                throw OutputError(message: "\(path) is a link; templates are not written through links: remove it, or export into another folder")
            default:
                throw OutputError(message: "\(path) is not a file; remove it, or export into another folder")
            }
        }
        for (template, path) in targets {
            do {
                try FileSystemCalls.writeFile(Array(template.text.utf8), to: path)
            } catch {
                throw OutputError(message: "cannot write \(error)")
            }
        }
        return targets.map(\.1)
    }

    /// The default text of a template.
    static func defaultText(of name: String) -> String? {
        DefaultTemplates.files.first { $0.name == name }?.text
    }

    /// The parsed templates, by the name partials use.
    package let templates: [String: MustacheTemplate]
    /// Where each template came from (a file of `--templates`, or built in), by the same name.
    let paths: [String: String]

    /// A template's text and where it came from.
    package typealias Source = (name: String, path: String, text: String)

    /// The templates in effect: those of `overrideFolder` in place of the defaults, with the
    /// problems reading them gave.
    package static func sources(overrideFolder: String?) -> (sources: [Source], diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var sources: [Source] = DefaultTemplates.files.map { ($0.name, builtInPrefix + $0.name, $0.text) }
        if let overrideFolder {
            let overrides = readOverrides(in: overrideFolder, diagnostics: &diagnostics)
            sources = sources.map { source in
                overrides.first { $0.name == source.name } ?? source
            }
        }
        return (sources, diagnostics)
    }

    /// Loads the templates, with those of `overrideFolder` in place of the defaults. Returns
    /// `nil` and the problems when a template cannot be read or parsed.
    package static func load(overrideFolder: String?) -> (templates: TemplateSet?, diagnostics: [Diagnostic]) {
        var (sources, diagnostics) = sources(overrideFolder: overrideFolder)
        var templates: [String: MustacheTemplate] = [:]
        var paths: [String: String] = [:]
        for source in sources {
            paths[partialName(of: source.name)] = source.path
            do {
                templates[partialName(of: source.name)] = try MustacheTemplate(parsing: source.text)
            } catch {
                diagnostics.append(
                    Diagnostic(
                        ruleID: "template-error", severity: .error,
                        location: SourceLocation(file: source.path, line: error.position.line, column: error.position.column),
                        message: error.message, notes: ["the line reads: \(error.lineText.trimmingWhitespace)"]))
            }
        }
        let failed = diagnostics.contains { $0.severity == .error }
        if !failed, overrideFolder != nil {
            diagnostics += unknownNameWarnings(TemplateContextCheck(templates: templates, paths: paths).unknownNames)
        }
        return (failed ? nil : TemplateSet(templates: templates, paths: paths), diagnostics)
    }

    /// Renders the template with this file name; every template can be a partial of another.
    /// Throws when the output would grow without bound (see ``MustacheRenderer``), at the
    /// template, partial or not, and the place in it where the rendering was stopped.
    package func render(_ name: String, context: [String: TemplateValue]) throws(TemplateRenderingError) -> String {
        let partialName = Self.partialName(of: name)
        guard let template = templates[partialName] else { return "" }
        do {
            return try MustacheRenderer(partials: templates).render(template, with: .object(context))
        } catch {
            let stoppedIn = error.partialName ?? partialName
            throw TemplateRenderingError(
                diagnostic: Diagnostic(
                    ruleID: "template-error", severity: .error,
                    location: SourceLocation(file: paths[stoppedIn] ?? stoppedIn, line: error.position.line, column: error.position.column),
                    message: "rendering \(name) was stopped: \(error.limit.explanation)",
                    notes: [
                        "partials that include themselves, partials that include partials more than once at each level, or sections nested over lists grow without bound"
                    ]))
        }
    }

    /// A warning for each name in a user's template that no value has: it renders as nothing.
    /// The built-in templates are checked by the project's tests instead.
    private static func unknownNameWarnings(_ names: [TemplateContextCheck.UnknownName]) -> [Diagnostic] {
        names.filter { !$0.path.hasPrefix(builtInPrefix) }.map { unknown in
            Diagnostic(
                ruleID: "template-error", severity: .warning, location: SourceLocation(file: unknown.path, line: unknown.line, column: unknown.column),
                message: "'\(unknown.name)' is not a value templates receive here; it renders as nothing",
                notes: ["`sab-onboarding templates context` lists the values and where each is given"])
        }
    }

    /// Where a built-in template is said to come from.
    static let builtInPrefix = "(built-in)/"

    /// Templates are named in partials (`{{> screen-content}}`) without `.mustache`.
    static func partialName(of fileName: String) -> String {
        fileName.hasSuffix(".mustache") ? String(fileName.dropLast(".mustache".count)) : fileName
    }

    private static func readOverrides(in folder: String, diagnostics: inout [Diagnostic]) -> [Source] {
        guard let entries = try? FolderWalk.names(in: folder) else {
            diagnostics.append(templateProblem(folder, "cannot read the templates folder: it does not exist or is not a folder"))
            return []
        }
        var overrides: [(name: String, path: String, text: String)] = []
        for entry in entries.map(\.string).sorted() where entry.hasSuffix(".mustache") {
            let path = Paths.join(folder, entry)
            guard names.contains(entry) else {
                diagnostics.append(
                    Diagnostic(
                        ruleID: "template-error", severity: .warning, location: SourceLocation(file: path, line: 1, column: 1),
                        message: "'\(entry)' is not one of the templates and is not used",
                        notes: ["the templates are " + names.joined(separator: ", ")]))
                continue
            }
            // As for images and fonts: what a build publishes comes from its folder only.
            guard Paths.leadsInside(path, folder: folder) else {
                diagnostics.append(templateProblem(path, "'\(entry)' is a link that leads out of the templates folder \(folder); it is not read"))
                continue
            }
            // A regular file only: reading a pipe or a device could block for ever.
            guard FolderWalk.kind(of: path, followingLinks: true) == .regularFile else {
                diagnostics.append(templateProblem(path, "the template is not a regular file"))
                continue
            }
            guard let text = RegularFile.bytes(at: path).flatMap(String.init(utf8Text:)) else {
                diagnostics.append(templateProblem(path, "cannot read the template as UTF-8 text"))
                continue
            }
            overrides.append((entry, path, text))
        }
        return overrides
    }

    private static func templateProblem(_ path: String, _ message: String) -> Diagnostic {
        Diagnostic(ruleID: "template-error", severity: .error, location: SourceLocation(file: path, line: 1, column: 1), message: message)
    }
}
