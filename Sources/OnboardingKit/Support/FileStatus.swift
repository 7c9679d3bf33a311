#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
    import MachO
#endif

/// What the system says of a file without reading it: enough to tell that it was not changed
/// since it was last looked at (a change of its bytes moves its modification time or size; a
/// file put in its place has another inode).
struct FileStatus: Hashable, Sendable {
    var size: Int64
    /// Nanoseconds since 1970.
    var modified: Int64
    var inode: UInt64

    /// The status of a regular file, not following a final symbolic link; `nil` for anything
    /// else or when it cannot be had.
    static func of(_ path: String) -> FileStatus? {
        var status = stat()
        guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return FileStatus(status)
    }

    /// The status of the executable running, to tell one build of the tool from another.
    static func ofExecutable() -> FileStatus? {
        #if os(Linux)
            let path = "/proc/self/exe"
        #else
            // Asked once for the length, then for the path.
            var length: UInt32 = 0
            _ = _NSGetExecutablePath(nil, &length)
            var buffer = [CChar](repeating: 0, count: Int(length) + 1)
            guard _NSGetExecutablePath(&buffer, &length) == 0 else { return nil }
            let path = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        #endif
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileStatus(status)
    }

    private init(_ status: stat) {
        size = Int64(status.st_size)
        #if canImport(Darwin)
            let time = status.st_mtimespec
        #else
            let time = status.st_mtim
        #endif
        modified = Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
        inode = UInt64(status.st_ino)
    }

    init(size: Int64, modified: Int64, inode: UInt64) {
        self.size = size
        self.modified = modified
        self.inode = inode
    }
}

extension XXHash64 {
    /// The digest of a regular file's bytes, read in pieces so that a large file costs no
    /// memory; `nil` when it cannot be opened or read, or is no regular file (a pipe is not
    /// drained: whoever reads it next gets all of it).
    static func digest(ofFileAt path: String) -> UInt64? {
        guard let (descriptor, _) = RegularFile.open(path) else { return nil }
        defer { close(descriptor) }
        var hasher = XXHash64()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { return hasher.finalize() }
            buffer.withUnsafeBytes { hasher.update(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        }
    }
}
