#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension FileSystemCalls {
    /// Removes what is at `path` and, when it is a folder, everything in it. A link is removed,
    /// never followed: what the tool removes is what it made (a staging folder, a previous
    /// output), and a link in it (carried over from the user's files) may lead anywhere.
    ///
    /// Each folder is opened without following a link and emptied through its descriptor
    /// (`openat`, `unlinkat`), so that a folder swapped for a link while the removal runs is
    /// not entered either. Goes on after a failure and throws the first one.
    static func removeTree(_ path: String) throws(Failure) {
        var status = stat()
        guard lstat(path, &status) == 0 else { throw Failure(path: path, code: errno) }
        guard (status.st_mode & S_IFMT) == S_IFDIR else {
            guard unlink(path) == 0 else { throw Failure(path: path, code: errno) }
            return
        }
        #if canImport(Glibc)
            let folder = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        #elseif canImport(Darwin)
            let folder = Darwin.open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        #endif
        guard folder >= 0 else { throw Failure(path: path, code: errno) }
        let failure = emptyFolder(folder, path: path)
        guard rmdir(path) == 0 else { throw failure ?? Failure(path: path, code: errno) }
        if let failure { throw failure }
    }

    /// Removes everything in the open folder `folder` (`path` names it in failures) and closes
    /// it. Returns the first failure.
    private static func emptyFolder(_ folder: Int32, path: String) -> Failure? {
        guard let directory = fdopendir(folder) else {
            let failure = Failure(path: path, code: errno)
            close(folder)
            return failure
        }
        defer { closedir(directory) }  // closes `folder` too
        var firstFailure: Failure?
        // Listed in full before anything is removed: a folder changed while it is being read
        // may list an entry twice or not at all.
        for name in FolderWalk.names(readFrom: directory) {
            let failure = removeEntry(name, in: folder, path: Paths.join(path, name))
            if firstFailure == nil { firstFailure = failure }
        }
        return firstFailure
    }

    /// Removes `name` of the open folder `folder`, and everything in it when it is a folder.
    private static func removeEntry(_ name: String, in folder: Int32, path: String) -> Failure? {
        var status = stat()
        guard fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return Failure(path: path, code: errno) }
        guard (status.st_mode & S_IFMT) == S_IFDIR else {
            return unlinkat(folder, name, 0) == 0 ? nil : Failure(path: path, code: errno)
        }
        let child = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard child >= 0 else { return Failure(path: path, code: errno) }
        let failure = emptyFolder(child, path: path)
        guard unlinkat(folder, name, AT_REMOVEDIR) == 0 else { return failure ?? Failure(path: path, code: errno) }
        return failure
    }
}
