/// A problem libxml2 found while parsing, or one of the reader's own: a DOCTYPE it refused to
/// read, a file it could not read or decode.
package struct XMLProblem: Hashable, Sendable {
    /// How serious libxml2 considers the problem. After a fatal error the reader stops.
    package enum Level: Int, Sendable, Comparable {
        case warning = 1
        case error, fatal

        package static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// What kind of problem it is.
    package enum Kind: Hashable, Sendable {
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
        /// A start tag has more than `MarkupScanner.maximumAttributes` attributes: it was not
        /// given to libxml2, nor anything after it.
        case tooManyAttributes
        /// The document has more than `XMLStreamReader.maximumNames` distinct element, attribute
        /// and namespace names: it was not read past the chunk that went over.
        case tooManyNames
        /// A text, an attribute's value or a tag is longer than
        /// `XMLStreamReader.maximumTextLength` bytes, libxml2's limit without its huge mode:
        /// nothing after it is read.
        case tooLong
    }

    package var kind: Kind
    package var level: Level
    /// libxml2's own message, or the reader's for its own problems.
    package var message: String
    package var position: SourcePosition

    package init(kind: Kind, level: Level, message: String, position: SourcePosition) {
        self.kind = kind
        self.level = level
        self.message = message
        self.position = position
    }
}

/// Why a document could not be opened at all.
package struct XMLInputError: Error, Hashable, Sendable, CustomStringConvertible {
    package var path: String
    package var reason: String

    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    package var description: String { "cannot read '\(path)': \(reason)" }
}
