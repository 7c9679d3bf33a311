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
            return AppDefSyntax(file: path, root: nil, screens: [], problems: [], inputError: error)
        }
        return read(reader, file: path)
    }

    static func read(bytes: [UInt8], file: String) -> AppDefSyntax {
        read(XMLStreamReader(bytes: bytes, documentName: file), file: file)
    }

    private static func read(_ reader: XMLStreamReader, file: String) -> AppDefSyntax {
        var syntax = AppDefSyntax(file: file, root: nil, screens: [], problems: [], inputError: nil)
        while reader.read() {
            guard reader.kind == .element else { continue }
            if syntax.root == nil {
                syntax.root = (reader.name, reader.position ?? .start)
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
