internal import XMLStreaming

/// Streams an appDef file and keeps only its onboarding screens.
///
/// Outside screens nothing is turned into Swift values: element names are compared as bytes,
/// so the cost stays close to libxml2's own and memory does not grow with the document.
package enum AppDefReader {
    package static func read(path: String) -> AppDefSyntax {
        let reader: XMLStreamReader
        do {
            reader = try XMLStreamReader(path: path)
        } catch {
            return AppDefSyntax(file: path, inputError: error)
        }
        return read(reader, file: path)
    }

    package static func read(bytes: [UInt8], file: String) -> AppDefSyntax {
        read(XMLStreamReader(bytes: bytes, documentName: file), file: file)
    }

    private static func read(_ reader: XMLStreamReader, file: String) -> AppDefSyntax {
        var syntax = AppDefSyntax(file: file)
        while reader.read() {
            guard reader.isElement else { continue }
            if syntax.root == nil {
                syntax.root = (reader.name, reader.position ?? .start)
            }
            if reader.depth == 1 { readSection(reader, into: &syntax) }
            if reader.nameEquals("onboarding-screen") {
                let screen = reader.readElement()
                // A screen cut off by a fatal error is partial: judging it would only add noise.
                if !reader.stoppedEarly { syntax.screens.append(screen) }
            }
        }
        syntax.problems = reader.problems
        return syntax
    }

    /// The top-level sections the carousel takes its words, languages, fonts and colours from.
    /// All are small except the translation mappings, of which only the buttons' are kept.
    private static func readSection(_ reader: XMLStreamReader, into syntax: inout AppDefSyntax) {
        // The first of each section counts, as with duplicates inside screens; a repeated
        // section is streamed past without building values.
        if reader.nameEquals("package"), syntax.packageName == nil {
            syntax.packageNamePosition = reader.position
            syntax.packageName = reader.readElement().trimmedText
        } else if reader.nameEquals("app-name"), syntax.appName == nil {
            syntax.appNamePosition = reader.position
            syntax.appName = reader.readElement().trimmedText
        } else if reader.nameEquals("translation-mappings"), syntax.translationMappingsPosition == nil {
            syntax.translationMappingsPosition = reader.position
            if let language = reader.readAttributes().first(where: { $0.name == "default-lang" }) {
                syntax.defaultLanguage = language.value
                syntax.defaultLanguagePosition = language.position
            }
            readTranslationMappings(reader, into: &syntax)
        } else if reader.nameEquals("interface-languages"), syntax.interfaceLanguages == nil {
            syntax.interfaceLanguages = reader.readElement()
        } else if reader.nameEquals("fonts"), syntax.fonts == nil {
            syntax.fonts = reader.readElement()
        } else if reader.nameEquals("color-themes"), syntax.colorThemes == nil {
            syntax.colorThemes = reader.readElement()
        } else if reader.nameEquals("colors"), syntax.mainColors == nil, reader.attribute("type") == "main" {
            syntax.mainColors = reader.readElement()
        }
    }

    /// Walks the (large) translation mappings, building values only for the three buttons and
    /// for the names of languages (`Language_<code>`).
    private static func readTranslationMappings(_ reader: XMLStreamReader, into syntax: inout AppDefSyntax) {
        guard !reader.isEmptyElement else { return }
        let depth = reader.depth
        while reader.read() {
            if reader.isEndElement && reader.depth == depth { return }
            guard reader.isElement, reader.depth == depth + 1,
                reader.nameEquals("tm") || reader.nameEquals("translation-mapping")
            else { continue }
            if let id = reader.attribute("id", oneOf: ButtonLabels.mappingIDs) {
                if syntax.buttonMappings[id] == nil { syntax.buttonMappings[id] = reader.readElement() }
            } else if syntax.languageNameMappings.count < maximumLanguageNames,
                let id = reader.attribute("id"), id.hasPrefix(languageNamePrefix), id.count > languageNamePrefix.count
            {
                let code = String(id.dropFirst(languageNamePrefix.count))
                if syntax.languageNameMappings[code] == nil { syntax.languageNameMappings[code] = reader.readElement() }
            }
        }
    }

    /// SAB names each interface language in a mapping of this id prefix and its code.
    static let languageNamePrefix = "Language_"
    /// Real appDefs name a few dozen languages; a file naming thousands keeps the first.
    static let maximumLanguageNames = 1000
}
