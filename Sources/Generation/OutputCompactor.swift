import AppDefModel

/// Makes the rendered style sheet and script smaller without changing what they do: the
/// templates keep their comments and indentation for people, the pages do not carry them.
///
/// Only whole lines are touched: leading white space goes, and so do lines that are a `//`
/// comment (in scripts) and `/* ... */` comments that start a line (the first line, the banner,
/// stays). Code is never rewritten, so a template's behaviour cannot change, as long as it
/// keeps no meaningful leading white space inside a multi-line string.
///
/// A style sheet, written one declaration a line, goes back to one rule a line or fewer: a line
/// break after `{`, `;`, `}` or `,`, or before `}`, is dropped (CSS needs no white space there,
/// and its strings cannot hold a line break), and so are the space after a declaration's colon,
/// the space before a rule's `{` and the semicolon before its `}`.
///
/// It runs on the rendered text, at every build, and not once on the templates when they are
/// embedded: a template is Mustache, and joining its lines would join its tags (`{` then
/// `{{#themes}}` reads as the triple mustache `{{{`) and undo its standalone tag lines, which
/// Mustache removes whole; a custom template is compacted the same way as a built-in one; and
/// the cost is one pass over the rendered text, a few kilobytes for a few screens.
enum OutputCompactor {
    /// What is being compacted, which decides what may go.
    enum Language {
        case css
        case javascript
    }

    /// The output is one growing string: a style sheet joins into a few long lines, and joining
    /// them by copying each line made a build's time grow with the square of its screens.
    static func compact(_ text: String, as language: Language) -> String {
        let lineComments = language == .javascript
        var output = ""
        var linesStarted = 0
        func startLine(_ line: Substring) {
            if linesStarted > 0 { output += "\n" }
            output += line
            linesStarted += 1
        }
        var inBlockComment = false
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = rawLine.drop { $0 == " " || $0 == "\t" }
            if index == 0 {
                startLine(line)
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
            guard language == .css, linesStarted > 1 else {
                startLine(line)
                continue
            }
            var declaration = Self.withoutSpaceAfterProperty(line)
            if declaration.hasSuffix("{") {
                // `body {` as `body{`.
                declaration = declaration.dropLast().reversed().drop { $0 == " " || $0 == "\t" }.reversed() + "{"
            }
            if declaration.hasPrefix("}") {
                // The last declaration of a rule needs no semicolon.
                if output.hasSuffix(";") { output.removeLast() }
                output += declaration
            } else if "{;},".contains(output.last ?? " ") {
                output += declaration
            } else {
                startLine(declaration)
            }
        }
        return output + "\n"
    }

    /// `name: value;` as `name:value;`: a declaration's line starts with a property name
    /// (`color`, `--onboarding-accent`) and a colon; no selector does, with a space after it.
    private static func withoutSpaceAfterProperty(_ line: Substring) -> Substring {
        let name = line.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        guard !name.isEmpty, line.dropFirst(name.count).hasPrefix(": ") else { return line }
        return line.prefix(name.count + 1) + line.dropFirst(name.count + 2)
    }
}
