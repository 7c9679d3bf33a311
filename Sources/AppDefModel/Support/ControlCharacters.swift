import PathText

extension Unicode.Scalar {
    /// Whether printing this character as it is can change what a log or a terminal shows
    /// around it: a control character (C0, DEL, C1: line breaks, tabs, escape sequences), a
    /// line or paragraph separator, or a bidi control, which reorders the text after it.
    ///
    /// Diagnostics quote the appDef and name files, so these reach reports from outside: a line
    /// break followed by `::error` is a workflow command of its own in a GitHub Actions log.
    var isControlOrBidiControl: Bool {
        switch value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x2028, 0x2029: true  // line and paragraph separators
        case 0x061C, 0x200E, 0x200F: true  // Arabic letter mark, left-to-right and right-to-left marks
        case 0x202A...0x202E, 0x2066...0x2069: true  // embeddings, overrides and isolates
        default: false
        }
    }
}

extension String {
    /// This text with each control or bidi character (``Unicode/Scalar/isControlOrBidiControl``)
    /// written as its code point, `<U+000A>`, as compilers show them: one line that reads as it
    /// is stored.
    /// A byte of a file name that is not UTF-8 (see `PathText`) is written `\xE9`.
    package var withControlCharactersShown: String {
        guard unicodeScalars.contains(where: { $0.isControlOrBidiControl || PathText.isCarrier($0) }) else { return self }
        var shown = ""
        for scalar in unicodeScalars {
            if PathText.isCarrier(scalar) {
                shown += PathText.shown(String(scalar))
            } else if scalar.isControlOrBidiControl {
                let digits = String(scalar.value, radix: 16, uppercase: true)
                shown += "<U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ">"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }
}
