/// Makes the rendered style sheet and script smaller without changing what they do: the
/// templates keep their comments and indentation for people, the pages do not carry them.
///
/// Only whole lines are touched: leading white space goes, and so do lines that are a `//`
/// comment and `/* ... */` comments that start a line (the first line, the banner, stays).
/// Code is never rewritten, so a template's behaviour cannot change, as long as it keeps no
/// meaningful leading white space inside a multi-line string.
enum OutputCompactor {
    static func compact(_ text: String, lineComments: Bool) -> String {
        var output: [Substring] = []
        var inBlockComment = false
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = rawLine.drop { $0 == " " || $0 == "\t" }
            if index == 0 {
                output.append(line)
                continue
            }
            if inBlockComment {
                guard let end = line.firstRange(of: "*/") else { continue }
                inBlockComment = false
                line = line[end.upperBound...].drop { $0 == " " || $0 == "\t" }
            }
            while line.hasPrefix("/*") {
                // Searched after the opening `/*`: in `/*/ … */` the first `*/` is not an end.
                guard let end = line.dropFirst(2).firstRange(of: "*/") else {
                    inBlockComment = true
                    line = ""
                    break
                }
                line = line[end.upperBound...].drop { $0 == " " || $0 == "\t" }
            }
            if line.isEmpty || (lineComments && line.hasPrefix("//")) { continue }
            output.append(line)
        }
        return output.joined(separator: "\n") + "\n"
    }
}
