/// The file name part of an image path as the author's machine wrote it.
package enum ImagePath {
    /// The last component of a macOS, Linux or Windows path (`/` or `\` separated).
    package static func fileName(of sourcePath: String) -> String {
        let trimmed = sourcePath.trimmingWhitespace
        guard let separator = trimmed.lastIndex(where: { $0 == "/" || $0 == "\\" }) else { return trimmed }
        return String(trimmed[trimmed.index(after: separator)...])
    }

    /// Why a file name cannot safely name a file inside the images folder, or `nil` when it can.
    package static func unsafeReason(_ fileName: String) -> String? {
        if fileName.isEmpty { return "the path ends with a separator, so it names no file" }
        if fileName == "." || fileName == ".." { return "'\(fileName)' names a folder, not a file" }
        if fileName.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "the file name contains control characters"
        }
        return nil
    }

    /// The extension after the last dot, lowercased; empty when there is none.
    package static func fileExtension(of fileName: String) -> String {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return "" }
        return String(fileName[fileName.index(after: dot)...]).lowercased()
    }
}

extension String {
    /// The string without white space (and newlines) at either end.
    /// Found by index from each end: reversing a string walks it through generic code a
    /// character at a time, which profiling showed as the lint's largest cost.
    package var trimmingWhitespace: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else {
            return ""
        }
        return String(self[first...last])
    }
}
