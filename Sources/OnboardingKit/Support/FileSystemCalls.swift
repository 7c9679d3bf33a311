#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system calls the output writer makes: an atomic exchange of two paths, an exclusive lock,
/// hard links, and plain file operations that fail with the system's own reason.
enum FileSystemCalls {
    #if canImport(Glibc)
        private static let systemWrite = Glibc.write
    #elseif canImport(Darwin)
        private static let systemWrite = Darwin.write
    #endif

    /// Swaps two paths in one step, so that no reader or crash ever sees neither. Returns
    /// `false` where the system cannot (the caller falls back to two renames).
    static func exchange(_ first: String, _ second: String) -> Bool {
        #if os(Linux)
            // renameat2 is in glibc 2.28 and later but not in Swift's Glibc module: find it at run time.
            typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
            guard let symbol = dlsym(nil, "renameat2") else { return false }
            let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
            let renameExchange: UInt32 = 1 << 1
            return renameat2(AT_FDCWD, first, AT_FDCWD, second, renameExchange) == 0
        #elseif canImport(Darwin)
            return renamex_np(first, second, UInt32(RENAME_SWAP)) == 0
        #else
            return false
        #endif
    }

    /// Holds an exclusive lock on a folder until `release` is called: builds into one output
    /// folder take turns.
    static func lock(folder: String) -> Int32? {
        let descriptor = open(folder, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var result: Int32
        repeat {
            result = flock(descriptor, LOCK_EX)
        } while result != 0 && errno == EINTR
        guard result == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    static func release(_ descriptor: Int32) {
        close(descriptor)
    }

    /// A failed system call, with the system's own words for it ("No space left on device").
    struct Failure: Error, CustomStringConvertible {
        var path: String
        var code: Int32
        var description: String { "\(path): \(reason)" }
        /// The system's words alone, for messages that name the path themselves.
        var reason: String { String(cString: strerror(code)) }
    }

    /// Creates a folder and its missing parents.
    static func makeDirectories(_ path: String) throws(Failure) {
        var partial = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            partial += "/" + component
            if mkdir(partial, 0o755) != 0 && errno != EEXIST { throw Failure(path: partial, code: errno) }
        }
    }

    /// Writes a whole file, going on after partial writes; a short disk is an error, not a short file.
    static func writeFile(_ bytes: [UInt8], to path: String, permissions: mode_t = 0o644) throws(Failure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, permissions)
        guard descriptor >= 0 else { throw Failure(path: path, code: errno) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                let code = errno
                close(descriptor)
                throw Failure(path: path, code: code)
            }
            offset += written
        }
        // close reports errors that writes deferred (NFS, some full disks).
        if close(descriptor) != 0 { throw Failure(path: path, code: errno) }
    }

    /// Creates an empty file that must not exist yet. `O_EXCL` fails on any name already there,
    /// a link too, so a link planted under that name in a shared folder such as /tmp is never
    /// followed to someone else's file.
    static func createNewFile(_ path: String) throws(Failure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure(path: path, code: errno) }
        close(descriptor)
    }

    /// Copies a regular file's bytes and permissions.
    static func copyFile(_ source: String, to destination: String) throws(Failure) {
        let descriptor = open(source, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(path: source, code: errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Failure(path: source, code: errno) }
        let bytes = try RegularFile.read(descriptor, path: source, sizeHint: Int(status.st_size))
        try writeFile(bytes, to: destination, permissions: status.st_mode & 0o7777)
    }

    /// Gives `source` the name `destination`, in one step; both on one file system.
    static func rename(_ source: String, to destination: String) throws(Failure) {
        #if canImport(Glibc)
            let renamed = Glibc.rename(source, destination)
        #elseif canImport(Darwin)
            let renamed = Darwin.rename(source, destination)
        #endif
        guard renamed == 0 else { throw Failure(path: source, code: errno) }
    }

    /// Makes at `destination` a symbolic link with the same target as the one at `source`.
    static func copyLink(_ source: String, to destination: String) throws(Failure) {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(source, &buffer, buffer.count - 1)
        guard length >= 0 else { throw Failure(path: source, code: errno) }
        buffer[length] = 0
        guard symlink(buffer, destination) == 0 else { throw Failure(path: destination, code: errno) }
    }

    /// Makes `destination` another name of `source`'s file, keeping its modification time.
    static func hardLink(_ source: String, _ destination: String) -> Bool {
        link(source, destination) == 0
    }
}
