import PathText

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The text of one document, read chunk by chunk, made UTF-8 (see ``DocumentEncoding``), its
/// line ends normalized (see ``LineEndNormalizer``) and passed through the scanner on its way
/// to libxml2.
final class InputSource {
    private enum Origin {
        case file(descriptor: Int32)
        case memory(bytes: [UInt8], offset: Int)
    }

    /// How the bytes become text, once the first bytes have told.
    private enum Decoding {
        case undecided
        case utf8
        case converted(TextConverter)
    }

    private var origin: Origin
    private var decoding = Decoding.undecided
    /// Never accessed while another access to it is under way: the reader scans a chunk with
    /// ``nextText(size:)`` before libxml2 parses it, and takes positions from libxml2's
    /// callbacks. Unchecked, this saves a runtime exclusivity check on every element.
    @exclusivity(unchecked) var scanner = MarkupScanner()
    private var lineEnds = LineEndNormalizer()
    /// Set when reading the file failed after it was opened.
    private(set) var readFailure: String?
    /// Set once a DOCTYPE was seen: nothing from there on is given to libxml2.
    private(set) var isCutAtDoctype = false
    /// Set when the text stops short of the end of the file: its encoding is refused, bytes
    /// there are not text in it, or a start tag there has more attributes than libxml2 is given
    /// (see ``MarkupScanner/maximumAttributes``). Nothing from there on is given to libxml2.
    private(set) var stopProblem: XMLProblem?
    /// Set once nothing more will be read.
    private var isFinished = false

    /// The bytes read: ``carryRoom`` bytes for bytes carried from one conversion to the next,
    /// then the first bytes of the document (up to ``DocumentEncoding/sniffLength``) while its
    /// encoding is undecided, then a chunk.
    private var buffer = UnsafeMutableRawBufferPointer(start: nil, count: 0)
    /// Bytes read while the encoding is undecided, at ``carryRoom``.
    private var headCount = 0
    /// Bytes the converter left unconverted at the end of the last chunk (the start of a
    /// character), kept just before ``carryRoom`` to go on with the next chunk.
    private var carried = 0
    /// The most a converter leaves unconverted: a character or shift sequence of any encoding
    /// iconv knows is shorter. Also at least the bytes a message shows.
    private static let carryRoom = 32
    /// How many bytes a message about bytes that are not text shows.
    private static let bytesShown = 4

    /// Opens a regular file for reading; a folder or a missing file is an error.
    init(path: String) throws(XMLInputError) {
        // Non-blocking, so that opening a named pipe does not wait for a writer; the checks
        // below then refuse it. Reads of a regular file are unaffected.
        let descriptor = PathText.withCString(path) { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard descriptor >= 0 else {
            throw XMLInputError(path: path, reason: Self.describe(errno: errno))
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = Self.describe(errno: errno)
            close(descriptor)
            throw XMLInputError(path: path, reason: reason)
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            let reason = (status.st_mode & S_IFMT) == S_IFDIR ? "it is a folder, not a file" : "it is not a regular file"
            throw XMLInputError(path: path, reason: reason)
        }
        origin = .file(descriptor: descriptor)
    }

    init(bytes: [UInt8]) {
        origin = .memory(bytes: bytes, offset: 0)
    }

    deinit {
        if case .file(let descriptor) = origin { close(descriptor) }
        buffer.deallocate()
    }

    /// The next piece of the document's text, read `size` bytes at a time, scanned, and valid
    /// until the next call: what libxml2 may parse. Empty at the end of the document, at a
    /// DOCTYPE, when reading failed (see ``readFailure``) or where the text stops (see
    /// ``stopProblem``).
    func nextText(size: Int) -> UnsafeRawBufferPointer {
        precondition(size > 0, "a chunk holds at least one byte")
        let needed = Self.carryRoom + DocumentEncoding.sniffLength + size
        if buffer.count < needed {
            // Larger chunks (see XMLStreamReader.readSize): what is kept from the last chunk (the
            // carried bytes before `carryRoom`, the first bytes while the encoding is undecided)
            // moves along. The text last returned is not: libxml2 has copied it.
            let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: needed, alignment: 16)
            if let old = buffer.baseAddress {
                larger.baseAddress!.copyMemory(from: old, byteCount: Self.carryRoom + headCount)
            }
            buffer.deallocate()
            buffer = larger
        }
        while !isFinished {
            // A piece may give no text: the start of a character, a LF already read as a line
            // end, or the first bytes while they leave the encoding open.
            guard let (text, stop) = nextPiece(size: size), !text.isEmpty || stop != nil else { continue }
            let allowed = scanner.scan(UnsafeRawBufferPointer(text))
            if scanner.doctypePosition != nil {
                isCutAtDoctype = true
                isFinished = true
            } else if let position = scanner.crowdedTagPosition {
                stopProblem = XMLProblem(
                    kind: .tooManyAttributes, level: .fatal,
                    message: "this start tag has more than \(MarkupScanner.maximumAttributes) attributes: the file is not read past it",
                    position: position)
                isFinished = true
            } else if let stop {
                // Where the text stops is where the scanner stands: the end of what it read.
                stopProblem = XMLProblem(kind: stop.kind, level: .fatal, message: stop.message, position: stop.position ?? scanner.position)
                isFinished = true
            }
            if allowed > 0 { return UnsafeRawBufferPointer(rebasing: text[..<allowed]) }
        }
        return UnsafeRawBufferPointer(start: nil, count: 0)
    }

    /// Why the text stops before the end of the file, without its position when that is where
    /// the text it comes with ends.
    private struct Stop {
        var kind: XMLProblem.Kind
        var message: String
        var position: SourcePosition?
    }

    /// Reads and converts the next chunk. Returns its text, line ends normalized, and why the
    /// text stops after it if it does; `nil` when there is nothing yet (more must be read).
    private func nextPiece(size: Int) -> (UnsafeMutableRawBufferPointer, Stop?)? {
        let chunkStart = Self.carryRoom + headCount
        let count = readBytes(into: buffer.baseAddress! + chunkStart, count: size)
        let atEnd = count == 0
        if atEnd { isFinished = true }
        var start = Self.carryRoom
        let end = chunkStart + count
        if case .undecided = decoding {
            headCount += count
            let head = UnsafeRawBufferPointer(rebasing: buffer[start..<end])
            guard let encoding = DocumentEncoding.detect(head, isWhole: atEnd) else { return nil }
            headCount = 0
            if let refusal = decide(encoding, head: head) {
                return (UnsafeMutableRawBufferPointer(start: nil, count: 0), refusal)
            }
            start += encoding.byteOrderMarkLength
        } else {
            start = chunkStart
        }
        guard case .converted(let converter) = decoding else {
            return (normalized(UnsafeMutableRawBufferPointer(rebasing: buffer[start..<end])), nil)
        }
        start -= carried
        let input = UnsafeRawBufferPointer(rebasing: buffer[start..<end])
        let outcome = converter.convert(input)
        var stop: Stop?
        switch outcome {
        case .converted(let consumed) where consumed == input.count:
            carried = 0
        case .converted(let consumed) where atEnd:
            let bytes = Self.hex(input[consumed...])
            stop = Stop(kind: .undecodable, message: "the file ends in the middle of a \(converter.encodingName) character (bytes \(bytes))")
        case .converted(let consumed):
            stop = carry(input, from: consumed, of: converter)
        case .invalid(let offset) where !atEnd && input.count - offset < Self.bytesShown:
            // Shown with the bytes that follow them, as when they are not at a chunk's end.
            stop = carry(input, from: offset, of: converter)
        case .invalid(let offset):
            stop = Self.invalidBytes(input[offset..<min(input.count, offset + Self.bytesShown)], of: converter)
        }
        if atEnd || stop != nil { converter.finish() }
        return (normalized(UnsafeMutableRawBufferPointer(mutating: converter.text)), stop)
    }

    /// Keeps the bytes of `input` from `offset` for the next chunk, just before where it is read.
    private func carry(_ input: UnsafeRawBufferPointer, from offset: Int, of converter: TextConverter) -> Stop? {
        let rest = input.count - offset
        // More than any character: not the start of one.
        guard rest <= Self.carryRoom else { return Self.invalidBytes(input[offset..<(offset + Self.bytesShown)], of: converter) }
        // Moved within the buffer: the input may start in the carry room itself.
        memmove(buffer.baseAddress! + Self.carryRoom - rest, input.baseAddress! + offset, rest)
        carried = rest
        return nil
    }

    private static func invalidBytes(_ bytes: Slice<UnsafeRawBufferPointer>, of converter: TextConverter) -> Stop {
        Stop(kind: .undecodable, message: "bytes \(hex(bytes)) are not \(converter.encodingName) text: the file cannot be read past them")
    }

    /// Sets up reading in `encoding`; returns why the document cannot be read, if it cannot.
    private func decide(_ encoding: DocumentEncoding, head: UnsafeRawBufferPointer) -> Stop? {
        switch encoding {
        case .utf8:
            decoding = .utf8
        case .detected(let name, _):
            guard let converter = TextConverter(from: name) else {
                return refusal("the file is in \(name), which iconv cannot convert on this system", at: .start)
            }
            decoding = .converted(converter)
        case .declared(let name, let declarationLength, let position):
            guard let converter = TextConverter(from: name) else {
                return refusal("the encoding '\(name)' is not known on this system", at: position)
            }
            guard converter.keepsASCII(UnsafeRawBufferPointer(rebasing: head[..<declarationLength])) else {
                return refusal("the file declares the encoding '\(name)', but its declaration is not written in it", at: position)
            }
            guard !converter.joinsCharacters else {
                return refusal(
                    "the encoding '\(name)' is not supported: iconv joins some of its characters with the ones after them, so columns would not match the file",
                    at: position)
            }
            decoding = .converted(converter)
        case .refused(let message, let position):
            return refusal(message, at: position)
        }
        return nil
    }

    private func refusal(_ message: String, at position: SourcePosition) -> Stop {
        isFinished = true
        return Stop(kind: .unsupportedEncoding, message: message, position: position)
    }

    private func normalized(_ text: UnsafeMutableRawBufferPointer) -> UnsafeMutableRawBufferPointer {
        let skipped = lineEnds.normalize(text)
        return UnsafeMutableRawBufferPointer(rebasing: text[skipped...])
    }

    /// Reads up to `count` bytes to `target`; 0 at the end of the document or when reading
    /// failed (see ``readFailure``).
    private func readBytes(into target: UnsafeMutableRawPointer, count: Int) -> Int {
        guard readFailure == nil else { return 0 }
        switch origin {
        case .file(let descriptor):
            var result: Int
            repeat {
                result = read(descriptor, target, count)
            } while result < 0 && errno == EINTR
            if result < 0 {
                readFailure = Self.describe(errno: errno)
                return 0
            }
            return result
        case .memory(let bytes, let offset):
            let filled = min(count, bytes.count - offset)
            if filled > 0 {
                bytes.withUnsafeBytes { source in
                    target.copyMemory(from: source.baseAddress! + offset, byteCount: filled)
                }
            }
            origin = .memory(bytes: bytes, offset: offset + filled)
            return filled
        }
    }

    /// `0x81 0x20`: bytes as a message shows them.
    private static func hex(_ bytes: some Collection<UInt8>) -> String {
        bytes.map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return "0x" + (digits.count == 1 ? "0" : "") + digits
        }.joined(separator: " ")
    }

    private static func describe(errno code: Int32) -> String {
        guard let message = strerror(code) else { return "error \(code)" }
        return String(cString: message)
    }
}
