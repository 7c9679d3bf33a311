/// Wraps text into lines of at most a given width, at spaces, for help on an 80-column terminal.
enum TextWrapping {
    /// The width help is wrapped to.
    static let width = 80

    /// The words of `text` filled into lines of at most `width` characters; a word longer than
    /// a line gets a line of its own.
    static func lines(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// Paragraphs (separated by blank lines) wrapped one by one, with a blank line between.
    static func paragraphs(_ text: String, width: Int) -> String {
        text.split(separator: "\n\n", omittingEmptySubsequences: true)
            .map { paragraph in
                lines(paragraph.split(separator: "\n").joined(separator: " "), width: width).joined(separator: "\n")
            }
            .joined(separator: "\n\n")
    }
}
