import AppDefModel
internal import XMLStreaming

/// Which screen each diagnostic is about, by where it points: a diagnostic of the appDef whose
/// position is within a screen's element (from its start tag to the last element or attribute
/// inside it) is that screen's; any other (the palette, the fonts, the button words, a template
/// file) is about the appDef as a whole.
struct DiagnosticPlacement {
    /// The diagnostics of each screen, by the screen's index, in reading order.
    var byScreen: [[Diagnostic]]
    /// The diagnostics of no screen, in the order given.
    var rest: [Diagnostic]

    init(_ diagnostics: [Diagnostic], screens: [XMLElement], file: String) {
        let spans = screens.map(Self.span(of:))
        byScreen = Array(repeating: [], count: screens.count)
        rest = []
        for diagnostic in diagnostics {
            let position = SourcePosition(line: diagnostic.location.line, column: diagnostic.location.column)
            if diagnostic.location.file == file, let index = spans.firstIndex(where: { $0.contains(position) }) {
                byScreen[index].append(diagnostic)
            } else {
                rest.append(diagnostic)
            }
        }
    }

    /// From the screen's `<` to the last position the reader kept inside it: the start tags and
    /// attribute names of its descendants. (Its end tag's position is not kept; nothing points there.)
    static func span(of screen: XMLElement) -> ClosedRange<SourcePosition> {
        var last = screen.position
        for element in screen.descendantsAndSelf {
            last = max(last, element.position)
            for attribute in element.attributes { last = max(last, attribute.position) }
        }
        return screen.position...last
    }
}
