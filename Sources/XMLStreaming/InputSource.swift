#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes of one document, read chunk by chunk and passed through the scanner on their way
/// to libxml2.
final class InputSource {
    private enum Origin {
        case file(descriptor: Int32)
        case memory(bytes: [UInt8], offset: Int)
    }

    private var origin: Origin
    /// Never accessed while another access to it is under way: the reader scans a chunk with
    /// ``nextChunk(into:)`` before libxml2 parses it, and takes positions from libxml2's
    /// callbacks. Unchecked, this saves a runtime exclusivity check on every element.
    @exclusivity(unchecked) var scanner = MarkupScanner()
    /// Set when reading the file failed after it was opened.
    private(set) var readFailure: String?
    /// Set once a DOCTYPE was seen: nothing from there on is given to libxml2.
    private(set) var isCutAtDoctype = false

    /// Opens a regular file for reading; a folder or a missing file is an error.
    init(path: String) throws(XMLInputError) {
        // Non-blocking, so that opening a named pipe does not wait for a writer; the checks
        // below then refuse it. Reads of a regular file are unaffected.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
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
    }

    /// How many bytes the first chunk holds at least, unless the document is shorter. libxml2
    /// 2.9 detects a byte order mark or UTF-16 only from the bytes given to
    /// xmlCreatePushParserCtxt, and only when there are four of them: from fewer it takes the
    /// document for UTF-8 and finds it empty. The scanner tells UTF-16 from the same four bytes.
    static let headLength = 4

    /// Reads the next chunk, of `size` bytes at most, into `chunk` and scans it. The first chunk
    /// holds ``headLength`` bytes even when `size` is smaller, so `chunk` must have room for
    /// them. Returns how many of its bytes libxml2 may parse: 0 at the end of the document, at a
    /// DOCTYPE or when reading failed (see ``readFailure``).
    func nextChunk(into chunk: UnsafeMutableRawBufferPointer, size: Int) -> Int {
        guard !isCutAtDoctype, readFailure == nil, let buffer = chunk.baseAddress, size > 0 else { return 0 }
        let isFirst = scanner.bytesSeen == 0
        let capacity = isFirst ? max(size, Self.headLength) : size
        precondition(capacity <= chunk.count, "the chunk buffer holds a chunk and the head")
        var filled = 0
        switch origin {
        case .file(let descriptor):
            // A read may return fewer bytes than asked for; only the head must be read whole.
            repeat {
                var result: Int
                repeat {
                    result = read(descriptor, buffer + filled, capacity - filled)
                } while result < 0 && errno == EINTR
                if result < 0 {
                    readFailure = Self.describe(errno: errno)
                    return 0
                }
                filled += result
                if result == 0 { break }
            } while isFirst && filled < Self.headLength
        case .memory(let bytes, let offset):
            filled = min(capacity, bytes.count - offset)
            if filled > 0 {
                bytes.withUnsafeBytes { source in
                    buffer.copyMemory(from: source.baseAddress! + offset, byteCount: filled)
                }
            }
            origin = .memory(bytes: bytes, offset: offset + filled)
        }
        let allowed = scanner.scan(UnsafeRawBufferPointer(start: buffer, count: filled))
        if scanner.doctypePosition != nil { isCutAtDoctype = true }
        return allowed
    }

    private static func describe(errno code: Int32) -> String {
        guard let message = strerror(code) else { return "error \(code)" }
        return String(cString: message)
    }
}
