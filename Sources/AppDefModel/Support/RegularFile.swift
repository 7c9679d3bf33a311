import PathText
import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whole regular files read at once. Anything else (a folder, a pipe, a device) is refused
/// without waiting: reading a pipe could block for ever, and a pipe is not drained, so whoever
/// reads it next gets all of it.
public enum RegularFile {
    /// The bytes of the regular file at `path` (a link is followed); `nil` when it cannot be
    /// opened or read, is no regular file, or holds more than `maximumSize` bytes (a sparse
    /// file claims any size without taking the room: its size is refused before any is read).
    public static func bytes(at path: String, maximumSize: Int = .max) -> [UInt8]? {
        guard let (file, size) = open(path) else { return nil }
        defer { try? file.close() }
        guard size <= maximumSize, let bytes = try? read(file, path: path, sizeHint: size, limit: maximumSize), bytes.count <= maximumSize
        else { return nil }
        return bytes
    }

    /// Opens the regular file at `path` for reading, with its size; `nil` for anything else.
    static func open(_ path: String) -> (file: FileDescriptor, size: Int)? {
        // Non-blocking, so that opening a named pipe does not wait for a writer; fstat then
        // refuses it. Reads of a regular file are unaffected.
        guard let file = try? FileDescriptor.open(FilePath(pathText: path), .readOnly, options: [.closeOnExec, .nonBlocking]) else { return nil }
        return opened(file)
    }

    /// Opens the regular file at `path` for reading as ``open(_:)`` does, but never through a
    /// link, neither at the file nor at its folder: the folder is opened with `O_NOFOLLOW` and
    /// the file in it with `openat` and `O_NOFOLLOW`, so a link put in the file's or the
    /// folder's place after they were looked at (a `fonts` link to the machine's fonts) is not
    /// followed either. Why it was not opened otherwise; `.folderLink` when the folder is a link.
    static func openInFolderNotFollowingLinks(_ path: String) -> Result<(file: FileDescriptor, size: Int), Unopened> {
        let folder: FileDescriptor
        do {
            folder = try FileDescriptor.open(
                FilePath(pathText: Paths.parent(of: path)), .readOnly, options: [.closeOnExec, .directory, .noFollow])
        } catch {
            // With O_DIRECTORY, Linux says ENOTDIR for a link (ELOOP without it), as for a
            // file where the folder should be: which one it was is asked of the folder itself.
            let folderPath = Paths.parent(of: path)
            return .failure(FolderWalk.kind(of: folderPath) == .symbolicLink ? .folderLink : .unreadable)
        }
        defer { try? folder.close() }
        let descriptor = PathText.withCString(Paths.lastComponent(of: path)) {
            openat(folder.rawValue, $0, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        }
        guard descriptor >= 0 else {
            return .failure(errno == ELOOP ? .link : .unreadable)
        }
        guard let opened = opened(FileDescriptor(rawValue: descriptor)) else { return .failure(.notRegularFile) }
        return .success(opened)
    }

    /// Why ``openInFolderNotFollowingLinks(_:)`` opened nothing.
    enum Unopened: Error, Equatable {
        /// A symbolic link is at the path.
        case link
        /// A symbolic link is where the file's folder should be.
        case folderLink
        /// A folder, a pipe, a device or a socket is at the path.
        case notRegularFile
        /// Nothing is there, or it cannot be opened.
        case unreadable
    }

    /// `file` with its size when it is a regular file; otherwise closes it and gives `nil`.
    package static func opened(_ file: FileDescriptor) -> (file: FileDescriptor, size: Int)? {
        guard let status = try? file.stat(), status.type == .regular else {
            try? file.close()
            return nil
        }
        return (file, Int(status.size))
    }

    /// Reads `file` to its end, going on after interrupted and partial reads. `sizeHint` (the
    /// size `fstat` gave) only saves growing the buffer: a file that grew is read whole, up to
    /// one byte past `limit` (which tells the caller it is over).
    package static func read(_ file: FileDescriptor, path: String, sizeHint: Int, limit: Int = .max) throws(FileSystemCalls.Failure) -> [UInt8] {
        // One byte more than the size, so that the read which finds the end needs no more room.
        var bytes = [UInt8](repeating: 0, count: min(max(sizeHint, 0), limit) + 1)
        var count = 0
        while count <= limit {
            if count == bytes.count { bytes += repeatElement(0, count: max(bytes.count, 1 << 16)) }
            let read = try FileSystemCalls.call(path) {
                try bytes.withUnsafeMutableBytes { buffer in
                    try file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[count...]))
                }
            }
            if read == 0 { break }
            count += read
        }
        bytes.removeSubrange(count...)
        return bytes
    }
}
