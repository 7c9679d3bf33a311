import SystemPackage

#if canImport(Darwin)
    import MachO
#endif

/// What the system says of a file without reading it: enough to tell that it was not changed
/// since it was last looked at. Any change of its bytes or its times moves its change time
/// (ctime), which, unlike the modification time, no one can set back; a file put in its place
/// has another inode.
package struct FileStatus: Hashable, Sendable {
    package var size: Int64
    /// Nanoseconds since 1970.
    package var modified: Int64
    /// The change time (ctime), in nanoseconds since 1970: the last change of the bytes or of
    /// the status (times, mode, links). The system sets it to its own clock.
    package var changed: Int64
    package var inode: UInt64

    /// The status of a regular file, not following a final symbolic link; `nil` for anything
    /// else or when it cannot be had.
    package static func of(_ path: String) -> FileStatus? {
        regular(try? Stat(FilePath(pathText: path), followTargetSymlink: false))
    }

    /// The status of the regular file `name` in `folder`, not following a link; `nil` for
    /// anything else or when it cannot be had.
    package static func of(_ name: String, in folder: OpenFolder) -> FileStatus? {
        regular(folder.status(of: name))
    }

    /// The status of whatever `path` leads to, a folder too, following links: what a watcher
    /// compares from one look to the next. `nil` when nothing is there or a link leads nowhere.
    package static func following(_ path: String) -> FileStatus? {
        (try? Stat(FilePath(pathText: path))).map(FileStatus.init(status:))
    }

    /// The status of the executable running, to tell one build of the tool from another.
    package static func ofExecutable() -> FileStatus? {
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
        return regular(try? Stat(FilePath(pathText: path)))
    }

    private static func regular(_ status: Stat?) -> FileStatus? {
        guard let status, status.type == .regular else { return nil }
        return FileStatus(status: status)
    }

    private init(status: Stat) {
        let modified = status.st_mtim
        let changed = status.st_ctim
        self.init(
            size: status.size,
            modified: Int64(modified.tv_sec) * 1_000_000_000 + Int64(modified.tv_nsec),
            changed: Int64(changed.tv_sec) * 1_000_000_000 + Int64(changed.tv_nsec),
            inode: UInt64(status.inode.rawValue))
    }

    package init(size: Int64, modified: Int64, changed: Int64, inode: UInt64) {
        self.size = size
        self.modified = modified
        self.changed = changed
        self.inode = inode
    }
}

extension XXHash64 {
    /// The digest of a regular file's bytes, read in pieces so that a large file costs no
    /// memory; `nil` when it cannot be opened or read, or is no regular file (a pipe is not
    /// drained: whoever reads it next gets all of it).
    package static func digest(ofFileAt path: String) -> UInt64? {
        RegularFile.open(path).flatMap { digest(of: $0.file) }
    }

    /// The digest of the rest of an open file, which it closes.
    package static func digest(of file: FileDescriptor) -> UInt64? {
        defer { try? file.close() }
        var hasher = XXHash64()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            guard let count = try? buffer.withUnsafeMutableBytes({ try file.read(into: $0) }) else { return nil }
            if count == 0 { return hasher.finalize() }
            buffer.withUnsafeBytes { hasher.update(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        }
    }
}
