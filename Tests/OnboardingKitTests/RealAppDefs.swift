import Foundation
import Testing

/// The real appDef files of `../shared/appdef-samples` and `../shared/appdef-samples-wild`,
/// beside the clone as CI has them: third-party data that the project does not carry. Where
/// `../shared` is absent (a user's clone), the tests that read them say they were skipped.
enum RealAppDefs {
    static let folderNames = ["appdef-samples", "appdef-samples-wild"]

    /// `../shared`, found from this source file: beside the package root.
    static let sharedFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared", isDirectory: true)

    /// Every real appDef, sorted by name.
    static let files: [URL] = folderNames.flatMap { name -> [URL] in
        let folder = sharedFolder.appendingPathComponent(name, isDirectory: true)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".xml") || $0.hasSuffix(".appDef") }.map { folder.appendingPathComponent($0) }
    }.sorted { $0.lastPathComponent < $1.lastPathComponent }

    /// Whether the real appDefs are there to test with.
    static var available: Bool { !files.isEmpty }

    /// Why the tests that read them are skipped when they are not.
    static let absent: Comment = "the real appDefs are third-party data the project does not carry: ../shared/appdef-samples is not beside this clone"

    /// The real appDef of that file name.
    static func file(_ name: String) throws -> URL {
        try #require(files.first { $0.lastPathComponent == name }, "\(name) is not in ../shared")
    }
}

/// A real appDef with onboarding screens added in the file's own form: short tags on one line
/// for the PWA's data exports, the long form with the file's line ends and indentation for
/// project files; a translation in each of the file's enabled interface languages.
struct RealAppDefWithScreens {
    let source: URL
    let text: String
    /// The enabled interface languages, as written.
    let languages: [String]
    /// Whether the file is the PWA's short form (`<tm>`, `<t>`, `<e>`).
    let isShortForm: Bool

    init(_ source: URL, screens: Int = 2) throws {
        self.source = source
        let original = try String(contentsOf: source, encoding: .utf8)
        isShortForm = original.contains("<tm ")
        languages = Self.enabledInterfaceLanguages(in: original)
        let lineEnd = original.contains("\r\n") ? "\r\n" : "\n"
        let oneLine = original.split(separator: "\n", omittingEmptySubsequences: false).count <= 2
        let (t, e) = isShortForm ? ("t", "e") : ("translation", "feature")
        let languages = self.languages
        func title(_ type: String, _ words: String) -> [String] {
            ["<title type=\"\(type)\">", "<\(t)>\(words)</\(t)>"]
                + languages.map { "<\(t) lang=\"\($0)\">\(Self.text(words, in: $0))</\(t)>" } + ["</title>"]
        }
        var lines = ["<onboarding-screens>"]
        for number in 1...screens {
            lines += ["<onboarding-screen>"] + title("top-title", "Welcome \(number)") + title("bottom-subtitle", "Text \(number)")
            lines += ["<features type=\"onboarding-screen\">", "<\(e) name=\"background\" value=\"default\"/>", "</features>", "</onboarding-screen>"]
        }
        lines.append("</onboarding-screens>")
        let block = oneLine ? lines.joined() : Self.indented(lines).joined(separator: lineEnd) + lineEnd
        var withScreens = original
        let end = try #require(withScreens.range(of: "</app-definition>", options: .backwards))
        withScreens.insert(contentsOf: block, at: end.lowerBound)
        text = withScreens
    }

    /// The text written for a language: recognisably its own.
    static func text(_ text: String, in language: String) -> String {
        "\(text) [\(language)]"
    }

    private static func enabledInterfaceLanguages(in text: String) -> [String] {
        let systems = text.matches(of: /<writing-system\b([^>]*)>/).map { String($0.output.1) }
        return systems.filter { $0.contains("type=\"interface\"") && !$0.contains("enabled=\"false\"") }
            .compactMap { $0.firstMatch(of: /code="([^"]*)"/).map { String($0.output.1) } }
    }

    /// Two spaces per level, below the root, as SAB indents project files.
    private static func indented(_ lines: [String]) -> [String] {
        var depth = 1
        return lines.map { line in
            if line.hasPrefix("</") { depth -= 1 }
            defer { if !line.hasPrefix("</") && !line.hasSuffix("/>") && !line.contains("</") { depth += 1 } }
            return String(repeating: "  ", count: depth) + line
        }
    }
}
