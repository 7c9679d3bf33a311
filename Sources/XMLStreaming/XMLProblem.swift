/// A problem libxml2 found while parsing, or one of the reader's own: a DOCTYPE it refused to
/// read, a file it could not read or decode.
public struct XMLProblem: Hashable, Sendable {
    /// How serious libxml2 considers the problem. After a fatal error the reader stops.
    public enum Level: Int, Sendable, Comparable {
        case warning = 1, error, fatal

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// What kind of problem it is.
    public enum Kind: Hashable, Sendable {
        /// The document is not well-formed XML (or libxml2 warned about it).
        case malformed
        /// The document has a DOCTYPE; it was not given to libxml2 at all.
        case doctype
        /// The document could not be read from its file.
        case unreadable
        /// Bytes that are not text in the document's encoding: nothing after them is read.
        case undecodable
        /// The document's encoding cannot be read (see `DocumentEncoding`): nothing is read.
        case unsupportedEncoding
    }

    public var kind: Kind
    public var level: Level
    /// libxml2's own message, or the reader's for its own problems.
    public var message: String
    public var position: SourcePosition

    public init(kind: Kind, level: Level, message: String, position: SourcePosition) {
        self.kind = kind
        self.level = level
        self.message = message
        self.position = position
    }
}

/// Why a document could not be opened at all.
public struct XMLInputError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "cannot read '\(path)': \(reason)" }
}
