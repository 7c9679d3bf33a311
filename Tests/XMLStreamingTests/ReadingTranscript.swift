@testable import XMLStreaming

/// Everything a reader exposes while it reads a document, one line per node, then its problems:
/// two reads of the same document are the same read when their transcripts are equal.
struct ReadingTranscript: Equatable {
    /// The nodes, then how the reading ended, then the problems.
    private(set) var lines: [String] = []
    /// The problems reported, also in `lines`.
    private(set) var problems: [XMLProblem] = []

    /// Reads `bytes` to the end, `chunkSize` bytes at a time.
    init(_ bytes: [UInt8], chunkSize: Int) {
        let reader = XMLStreamReader(bytes: bytes, documentName: "split", chunkSize: chunkSize)
        while reader.read() {
            lines.append(Self.describeNode(reader))
        }
        lines.append("end: read() \(reader.read()), stoppedEarly \(reader.stoppedEarly)")
        problems = reader.problems
        for problem in problems {
            lines.append("problem \(problem.position) \(problem.kind) \(problem.level): \(problem.message)")
        }
    }

    /// The node the reader stands on, with its attributes and their positions. libxml2's own
    /// line for an element is included: it too must not depend on where the chunks end.
    private static func describeNode(_ reader: XMLStreamReader) -> String {
        var line = "\(reader.kind) depth \(reader.depth)"
        if !reader.name.isEmpty { line += " name \(reader.name.debugDescription)" }
        if reader.isEmptyElement { line += " empty" }
        if let position = reader.position { line += " at \(position) (libxml2 line \(reader.lineRecordedByLibXML2))" }
        for attribute in reader.readAttributes() {
            line += " \(attribute.name)=\(attribute.value.debugDescription) at \(attribute.position)"
        }
        if !reader.text.isEmpty { line += " text \(reader.text.debugDescription)" }
        if reader.stoppedEarly { line += " stoppedEarly" }
        return line
    }

    /// The first line where `other` differs from this one, both sides shown with their number.
    func firstDifference(from other: ReadingTranscript) -> String? {
        guard self != other else { return nil }
        let index = lines.indices.first { $0 >= other.lines.count || lines[$0] != other.lines[$0] } ?? lines.count
        let mine = index < lines.count ? lines[index] : "(nothing more)"
        let theirs = index < other.lines.count ? other.lines[index] : "(nothing more)"
        return "line \(index + 1):\n  expected \(mine)\n  got      \(theirs)"
    }
}
