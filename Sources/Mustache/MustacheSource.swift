/// A template's text as UTF-8 bytes, which the scanner walks, and the start of each of its lines,
/// which turn a byte offset into a line and column.
struct MustacheSource: Sendable {
    let bytes: [UInt8]
    /// The offset of the first byte of each line.
    private let lineStarts: [Int]

    init(_ text: String) {
        bytes = Array(text.utf8)
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            starts.append(offset + 1)
        }
        lineStarts = starts
    }

    /// The text of a range of bytes. Ranges start and end where a delimiter or a line does, and a
    /// delimiter is matched as whole UTF-8 sequences, so a range never splits a scalar.
    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The line and column of the byte at `offset`.
    func position(of offset: Int) -> MustachePosition {
        let lineIndex = lineIndex(of: offset)
        let column = text(lineStarts[lineIndex]..<offset).count + 1
        return MustachePosition(line: lineIndex + 1, column: column)
    }

    /// A syntax error at the byte at `offset`, with its position and the text of its line.
    func error(_ message: String, at offset: Int) -> MustacheSyntaxError {
        let lineIndex = lineIndex(of: offset)
        var end = lineIndex + 1 < lineStarts.count ? lineStarts[lineIndex + 1] - 1 : bytes.count
        if end > lineStarts[lineIndex], bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return MustacheSyntaxError(message: message, position: position(of: offset), lineText: text(lineStarts[lineIndex]..<end))
    }

    /// The index of the line holding `offset`: the last line start at or before it.
    private func lineIndex(of offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
