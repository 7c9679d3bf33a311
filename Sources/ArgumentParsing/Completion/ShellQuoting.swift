/// Quoting for the shells completion scripts are written in.
enum ShellQuoting {
    /// `text` as one single-quoted word for bash, zsh and fish alike: a quote inside is closed,
    /// escaped and reopened (fish accepts `\'` only inside quotes, so fish has its own).
    static func singleQuoted(_ text: String) -> String {
        "'" + text.replacingAll("'", with: #"'\''"#) + "'"
    }

    /// `text` single-quoted for fish, where `\'` and `\\` are escapes inside single quotes.
    static func fishQuoted(_ text: String) -> String {
        "'" + text.replacingAll(#"\"#, with: #"\\"#).replacingAll("'", with: #"\'"#) + "'"
    }
}

extension String {
    /// Every occurrence of `target` replaced, without Foundation.
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
