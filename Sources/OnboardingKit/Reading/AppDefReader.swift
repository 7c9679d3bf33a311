internal import XMLStreaming

/// Streams an appDef file and keeps only its onboarding screens.
///
/// Outside screens nothing is turned into Swift values: element names are compared as bytes,
/// so the cost stays close to libxml2's own and memory does not grow with the document.
enum AppDefReader {
    static func read(path: String) -> AppDefSyntax {
        let reader: XMLStreamReader
        do {
            reader = try XMLStreamReader(path: path)
        } catch {
            return AppDefSyntax(file: path, inputError: error)
        }
        return read(reader, file: path)
    }

    static func read(bytes: [UInt8], file: String) -> AppDefSyntax {
        read(XMLStreamReader(bytes: bytes, documentName: file), file: file)
    }

    private static func read(_ reader: XMLStreamReader, file: String) -> AppDefSyntax {
        var syntax = AppDefSyntax(file: file)
        while reader.read() {
            guard reader.kind == .element else { continue }
            if syntax.root == nil {
                syntax.root = (reader.name, reader.position ?? .start)
            }
            if reader.depth == 1 {
                if reader.nameEquals("package") {
                    syntax.packageName = reader.readElement().trimmedText
                } else if reader.nameEquals("app-name"), syntax.appName == nil {
                    syntax.appName = reader.readElement().trimmedText
                } else if reader.nameEquals("color-themes") {
                    let themes = reader.readElement().children
                    syntax.defaultTheme = themes.first { $0.attribute("default")?.value == "true" }?.attribute("name")?.value
                } else if reader.nameEquals("translation-mappings") {
                    syntax.defaultLanguage = reader.readAttributes().first { $0.name == "default-lang" }?.value
                }
            }
            if reader.nameEquals("onboarding-screen") {
                let screen = reader.readElement()
                // A screen cut off by a fatal error is partial: judging it would only add noise.
                if !reader.stoppedEarly { syntax.screens.append(screen) }
            }
        }
        syntax.problems = reader.problems
        return syntax
    }
}
