import Foundation
import Mustache

/// The templates of the output: the defaults compiled into the binary, each replaceable by a
/// file of the same name in the `--templates` folder.
public struct TemplateSet {
    /// The file names of the templates, e.g. `index.html.mustache`.
    public static let names: [String] = DefaultTemplates.files.map(\.name)

    /// Writes the default templates into `folder` (created if needed), to copy and change for
    /// `--templates`. Refuses to overwrite a file unless `overwrite` is set; returns the paths written.
    public static func exportDefaults(to folder: String, overwrite: Bool) throws(OutputError) -> [String] {
        let fileManager = FileManager.default
        do {
            try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw OutputError(message: "cannot create the folder \(folder): \(error.localizedDescription)")
        }
        let targets = DefaultTemplates.files.map { ($0, URL(fileURLWithPath: folder).appendingPathComponent($0.name).path) }
        if !overwrite, let existing = targets.first(where: { fileManager.fileExists(atPath: $0.1) }) {
            throw OutputError(message: "\(existing.1) exists; give --force to overwrite the templates in \(folder)")
        }
        for (template, path) in targets {
            guard fileManager.createFile(atPath: path, contents: Data(template.text.utf8)) else {
                throw OutputError(message: "cannot write \(path)")
            }
        }
        return targets.map(\.1)
    }

    /// The default text of a template.
    static func defaultText(of name: String) -> String? {
        DefaultTemplates.files.first { $0.name == name }?.text
    }

    private let library: MustacheLibrary

    /// Loads the templates, with those of `overrideFolder` in place of the defaults. Returns
    /// `nil` and the problems when a template cannot be read or parsed.
    static func load(overrideFolder: String?) -> (templates: TemplateSet?, diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var sources: [(name: String, path: String, text: String)] = DefaultTemplates.files.map {
            ($0.name, "(built-in)/" + $0.name, $0.text)
        }
        if let overrideFolder {
            let overrides = readOverrides(in: overrideFolder, diagnostics: &diagnostics)
            sources = sources.map { source in
                overrides.first { $0.name == source.name } ?? source
            }
        }
        var library = MustacheLibrary()
        for source in sources {
            do {
                library.register(try MustacheTemplate(string: source.text), named: partialName(of: source.name))
            } catch let error as MustacheTemplate.ParserError {
                diagnostics.append(
                    Diagnostic(
                        ruleID: "template-error", severity: .error,
                        location: SourceLocation(file: source.path, line: error.context.lineNumber, column: error.context.columnNumber),
                        message: describe(error.error), notes: ["the line reads: \(error.context.line.trimmingWhitespace)"]))
            } catch {
                diagnostics.append(templateProblem(source.path, "cannot parse the template: \(error)"))
            }
        }
        let failed = diagnostics.contains { $0.severity == .error }
        return (failed ? nil : TemplateSet(library: library), diagnostics)
    }

    /// Renders the template with this file name.
    func render(_ name: String, context: [String: Any]) -> String {
        library.render(context, withTemplate: Self.partialName(of: name)) ?? ""
    }

    /// Templates are named in partials (`{{> screen-content}}`) without `.mustache`.
    static func partialName(of fileName: String) -> String {
        fileName.hasSuffix(".mustache") ? String(fileName.dropLast(".mustache".count)) : fileName
    }

    static func readOverrides(in folder: String, diagnostics: inout [Diagnostic]) -> [(name: String, path: String, text: String)] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue,
            let entries = try? FileManager.default.contentsOfDirectory(atPath: folder)
        else {
            diagnostics.append(templateProblem(folder, "cannot read the templates folder: it does not exist or is not a folder"))
            return []
        }
        var overrides: [(name: String, path: String, text: String)] = []
        for entry in entries.sorted() where entry.hasSuffix(".mustache") {
            let path = folder.hasSuffix("/") ? folder + entry : folder + "/" + entry
            guard names.contains(entry) else {
                diagnostics.append(
                    Diagnostic(
                        ruleID: "template-error", severity: .warning, location: SourceLocation(file: path, line: 1, column: 1),
                        message: "'\(entry)' is not one of the templates and is not used",
                        notes: ["the templates are " + names.joined(separator: ", ")]))
                continue
            }
            guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
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

    private static func describe(_ error: any Error) -> String {
        guard let error = error as? MustacheTemplate.Error else { return "the template cannot be parsed: \(error)" }
        switch error {
        case .sectionCloseNameIncorrect: return "this closes a section that is not the one open"
        case .unfinishedName: return "a tag is not finished: '}}' is missing"
        case .expectedSectionEnd: return "a section is not closed: '{{/name}}' is missing"
        case .invalidSetDelimiter: return "the set-delimiter tag is badly formed"
        case .transformAppliedToInheritanceSection: return "a transform cannot apply to an inherited section"
        case .illegalTokenInsideInheritSection: return "this tag is not allowed inside an inherited partial"
        case .textInsideInheritSection: return "text is not allowed inside an inherited partial"
        case .invalidConfigVariableSyntax: return "the pragma is badly formed"
        case .unrecognisedConfigVariable: return "unknown pragma"
        }
    }
}
