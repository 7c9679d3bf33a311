/// Reads an HTTP/1.x request's line and headers from the bytes a client sends, in as many pieces
/// as they come: bytes in, a request or a failure out, and no socket in sight, so that it is
/// tested and fuzzed alone.
///
/// Strict where leniency could let two readers see two requests: one space between the parts of
/// the request line, a token for the method and each field name, no space before a field's colon,
/// no folded lines, no control characters but tabs in values. Lenient where clients are: lines may
/// end with LF alone.
public struct HTTPRequestParser: Sendable {
    /// Why a request cannot be read; each has its status.
    public enum Failure: Error, Equatable, Sendable {
        /// Not an HTTP/1.x request line and headers: 400.
        case malformed
        /// The request line and headers pass the limit: 431.
        case tooLarge
        /// A well-formed request of another major version (`HTTP/2.0`): 505.
        case unsupportedVersion
    }

    /// What the bytes so far amount to.
    public enum Outcome: Equatable, Sendable {
        /// No blank line yet, and the limit is not reached: more bytes are needed.
        case incomplete
        case complete(HTTPRequest)
        case failed(Failure)
    }

    /// The longest request line and headers accepted, blank line included.
    public let limit: Int
    private var bytes: [UInt8] = []
    /// Where the search for the blank line starts again: the bytes before it hold none.
    private var searchedUpTo = 0
    private var outcome = Outcome.incomplete

    public init(limit: Int = 16 * 1024) {
        self.limit = limit
    }

    /// Takes the next bytes the client sent and says what all of them so far amount to. Once the
    /// outcome is not ``Outcome/incomplete`` it stays as it is: bytes after the blank line (a
    /// body, a second request) are not read.
    public mutating func append(_ more: some Sequence<UInt8>) -> Outcome {
        guard outcome == .incomplete else { return outcome }
        bytes.append(contentsOf: more)
        if let end = Self.endOfHead(in: bytes, from: max(0, searchedUpTo - 2)) {
            outcome = end <= limit ? Self.parse(head: bytes[..<end]) : .failed(.tooLarge)
        } else if bytes.count >= limit {
            outcome = .failed(.tooLarge)
        }
        searchedUpTo = bytes.count
        return outcome
    }

    /// The outcome of a whole request line and headers, `head`, its blank line included or not.
    public static func parse(head: some Collection<UInt8>) -> Outcome {
        var lines = head.split(separator: 0x0A, omittingEmptySubsequences: false).map { $0.last == 0x0D ? $0.dropLast() : $0 }
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard let requestLine = lines.first else { return .failed(.malformed) }
        let parts = requestLine.split(separator: 0x20, omittingEmptySubsequences: false)
        guard parts.count == 3, let method = token(parts[0]), !parts[1].isEmpty, parts[1].allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        else { return .failed(.malformed) }
        guard let (major, minor) = version(parts[2]) else { return .failed(.malformed) }
        guard major == 1 else { return .failed(.unsupportedVersion) }
        var fields: [HTTPRequest.Field] = []
        for line in lines.dropFirst() {
            guard let field = field(line) else { return .failed(.malformed) }
            fields.append(field)
        }
        let target = String(decoding: parts[1], as: UTF8.self)
        return .complete(HTTPRequest(method: method.uppercased(), target: target, minorVersion: minor, fields: fields))
    }

    /// The length of the request line and headers with the blank line that ends them (CR LF CR LF,
    /// or LFs alone), when `bytes` holds that line; the search starts at `start`.
    static func endOfHead(in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            if bytes[index] == 0x0A {
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { return index + 2 }
                if index + 2 < bytes.count, bytes[index + 1] == 0x0D, bytes[index + 2] == 0x0A { return index + 3 }
            }
            index += 1
        }
        return nil
    }

    /// `name: value`, with spaces and tabs around the value dropped.
    private static func field(_ line: some Collection<UInt8>) -> HTTPRequest.Field? {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), let name = token(line[..<colon]) else { return nil }
        let value = line[line.index(after: colon)...]
        // Tabs, visible characters and bytes above ASCII (obs-text): a CR alone, NUL or another
        // control could end the line for one reader and not for another.
        guard value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else { return nil }
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        let trimmed = value.drop(while: isSpace).reversed().drop(while: isSpace).reversed()
        return HTTPRequest.Field(name: name, value: String(decoding: trimmed, as: UTF8.self))
    }

    /// `bytes` as text when they are a token (RFC 9110, section 5.6.2): one or more of the
    /// letters, digits and ``tokenSymbols``.
    private static func token(_ bytes: some Collection<UInt8>) -> String? {
        guard !bytes.isEmpty, bytes.allSatisfy(isTokenByte) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let tokenSymbols = Set("!#$%&'*+-.^_`|~".utf8)

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): true
        default: tokenSymbols.contains(byte)
        }
    }

    /// The major and minor number of `HTTP/d.d`.
    private static func version(_ bytes: some Collection<UInt8>) -> (Int, Int)? {
        let text = Array(bytes)
        guard text.count == 8, text[..<5].elementsEqual("HTTP/".utf8), text[6] == UInt8(ascii: "."),
            let major = digit(text[5]), let minor = digit(text[7])
        else { return nil }
        return (major, minor)
    }

    private static func digit(_ byte: UInt8) -> Int? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
    }
}
