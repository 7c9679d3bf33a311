import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An open folder, and the calls made relative to it that swift-system does not have (`openat`,
/// `mkdirat`, `renameat`, `unlinkat`, `flock`, `fdopendir`; its `Stat` does `fstatat`).
///
/// A name is looked up in the folder itself, never through a path from the root, and links
/// below the folder are never followed: a folder renamed, or replaced by a link, while the tool
/// works in it does not lead the tool somewhere else. This is what keeps the output writer's
/// removals to the files it wrote.
package final class OpenFolder {
    let descriptor: FileDescriptor
    /// Its path, to name it and what is in it in failures.
    package let path: String

    private init(_ descriptor: FileDescriptor, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit {
        try? descriptor.close()  // releases the lock too
    }

    package typealias Failure = FileSystemCalls.Failure

    /// Opens the folder at `path`, following links to it: a folder the user names may be a link.
    package static func open(_ path: String) throws(Failure) -> OpenFolder {
        let descriptor = try FileSystemCalls.call(path) {
            try FileDescriptor.open(FilePath(pathText: path), .readOnly, options: [.directory, .closeOnExec])
        }
        return OpenFolder(descriptor, path: path)
    }

    /// The path of `name` in this folder, for messages.
    package func path(of name: String) -> String {
        Paths.join(path, name)
    }

    /// Opens the folder `name` in this one, never through a link; throws `noSuchFileOrDirectory`
    /// when it is missing and `notDirectory` or `tooManySymbolicLinkLevels` when something else
    /// is in its place.
    package func subfolder(_ name: String) throws(Failure) -> OpenFolder {
        let raw = openat(descriptor.rawValue, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard raw >= 0 else { throw Failure.last(path(of: name)) }
        return OpenFolder(FileDescriptor(rawValue: raw), path: path(of: name))
    }

    /// Makes the folder `name` in this one (mode 755 less the umask, as `mkdir -p`).
    package func makeFolder(_ name: String) throws(Failure) {
        guard mkdirat(descriptor.rawValue, name, 0o755) == 0 else { throw Failure.last(path(of: name)) }
    }

    /// What is at `name`, a link itself rather than what it leads to; `nil` when nothing is.
    package func status(of name: String) -> Stat? {
        try? Stat(FilePath(pathText: name), relativeTo: descriptor, flags: .symlinkNoFollow)
    }

    /// The bytes of the regular file `name`, not following a link and not waiting on a pipe;
    /// `nil` for anything else or when it cannot be read.
    package func bytes(of name: String) -> [UInt8]? {
        guard let (file, size) = openRegularFile(name) else { return nil }
        defer { try? file.close() }
        return try? RegularFile.read(file, path: path(of: name), sizeHint: size)
    }

    /// Opens the regular file `name` for reading, as `bytes(of:)` reads it, with its size.
    /// Anything else is not opened at all: a pipe's writer never sees a reader come and go.
    package func openRegularFile(_ name: String) -> (file: FileDescriptor, size: Int)? {
        guard status(of: name)?.type == .regular else { return nil }
        // Non-blocking, and checked again once open: it may have been replaced meanwhile.
        let raw = openat(descriptor.rawValue, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        return raw < 0 ? nil : RegularFile.opened(FileDescriptor(rawValue: raw))
    }

    /// Creates the file `name` with these bytes. It must not exist: `O_EXCL` fails on any name
    /// already there, a link too, so nothing is ever written through a link planted there. A
    /// file that cannot be written whole (a full disk) is removed again.
    package func createFile(_ name: String, contents: [UInt8]) throws(Failure) {
        let raw = openat(descriptor.rawValue, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard raw >= 0 else { throw Failure.last(path(of: name)) }
        let file = FileDescriptor(rawValue: raw)
        do {
            // close reports errors that writes deferred (NFS, some full disks).
            try FileSystemCalls.call(path(of: name)) { try file.closeAfter { _ = try file.writeAll(contents) } }
        } catch {
            try? removeFile(name)
            throw error
        }
    }

    /// Gives the entry `name` the name `newName` in this folder, in one step: whatever had that
    /// name is replaced at once, so a reader finds the old file or the new one, never neither.
    package func rename(_ name: String, to newName: String) throws(Failure) {
        guard renameat(descriptor.rawValue, name, descriptor.rawValue, newName) == 0 else { throw Failure.last(path(of: newName)) }
    }

    /// Removes the entry `name`, which must not be a folder; a link is removed, not followed.
    package func removeFile(_ name: String) throws(Failure) {
        guard unlinkat(descriptor.rawValue, name, 0) == 0 else { throw Failure.last(path(of: name)) }
    }

    /// Removes the folder `name` when it is empty.
    package func removeEmptyFolder(_ name: String) throws(Failure) {
        guard unlinkat(descriptor.rawValue, name, AT_REMOVEDIR) == 0 else { throw Failure.last(path(of: name)) }
    }

    /// Waits for an exclusive lock on the folder, held until it is closed: builds into one
    /// output folder take turns.
    package func lock() throws(Failure) {
        while flock(descriptor.rawValue, LOCK_EX) != 0 {
            if errno != EINTR { throw Failure.last(path) }
        }
    }

    /// Whether the folder was removed since it was opened: it has no name any more.
    package var isRemoved: Bool {
        (try? descriptor.stat().linkCount) == 0
    }

    /// The first names the folder holds, at most `limit` of them: no more entries are read.
    package func names(upTo limit: Int) throws(Failure) -> [FilePath.Component] {
        // A descriptor of its own: the folder stream takes the one it is given and closes it.
        let raw = openat(descriptor.rawValue, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard raw >= 0 else { throw Failure.last(path) }
        guard let stream = fdopendir(raw) else {
            let failure = Failure.last(path)
            close(raw)
            throw failure
        }
        defer { closedir(stream) }
        var names: [FilePath.Component] = []
        while names.count < limit, let name = FolderWalk.nextName(in: stream) { names.append(name) }
        return names
    }
}
