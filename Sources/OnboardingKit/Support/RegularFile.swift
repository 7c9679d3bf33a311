#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whole regular files read at once. Anything else (a folder, a pipe, a device) is refused
/// without waiting: reading a pipe could block for ever, and a pipe is not drained, so whoever
/// reads it next gets all of it.
public enum RegularFile {
    #if canImport(Glibc)
        private static let systemRead = Glibc.read
    #elseif canImport(Darwin)
        private static let systemRead = Darwin.read
    #endif

    /// The bytes of the regular file at `path` (a link is followed); `nil` when it cannot be
    /// opened or read, or is no regular file.
    public static func bytes(at path: String) -> [UInt8]? {
        guard let (descriptor, size) = open(path) else { return nil }
        defer { close(descriptor) }
        return try? read(descriptor, path: path, sizeHint: size)
    }

    /// Opens the regular file at `path` for reading, with its size; `nil` for anything else.
    static func open(_ path: String) -> (descriptor: Int32, size: Int)? {
        // Non-blocking, so that opening a named pipe does not wait for a writer; fstat then
        // refuses it. Reads of a regular file are unaffected.
        #if canImport(Glibc)
            let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        #elseif canImport(Darwin)
            let descriptor = Darwin.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        #endif
        guard descriptor >= 0 else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            return nil
        }
        return (descriptor, Int(status.st_size))
    }

    /// Reads `descriptor` to its end, going on after interrupted and partial reads. `sizeHint`
    /// (the size `fstat` gave) only saves growing the buffer: a file that grew is read whole.
    static func read(_ descriptor: Int32, path: String, sizeHint: Int) throws(FileSystemCalls.Failure) -> [UInt8] {
        // One byte more than the size, so that the read which finds the end needs no more room.
        var bytes = [UInt8](repeating: 0, count: max(sizeHint, 0) + 1)
        var count = 0
        while true {
            if count == bytes.count { bytes += repeatElement(0, count: max(bytes.count, 1 << 16)) }
            let result = bytes.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw FileSystemCalls.Failure(path: path, code: errno)
            }
            if result == 0 { break }
            count += result
        }
        bytes.removeSubrange(count...)
        return bytes
    }
}
