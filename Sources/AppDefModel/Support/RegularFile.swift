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
    /// link: `O_NOFOLLOW` refuses a link at `path` itself, whatever it leads to, in the same
    /// call that opens the file, so a link put in a file's place after it was looked at is not
    /// followed either. `nil` and why when it is not opened.
    static func openNotFollowingLinks(_ path: String) -> Result<(file: FileDescriptor, size: Int), Unopened> {
        let file: FileDescriptor
        do {
            file = try FileDescriptor.open(FilePath(pathText: path), .readOnly, options: [.closeOnExec, .nonBlocking, .noFollow])
        } catch {
            // Linux says ELOOP for a link at the last name of an O_NOFOLLOW open.
            return .failure((error as? Errno) == .tooManySymbolicLinkLevels ? .link : .unreadable)
        }
        guard let opened = opened(file) else { return .failure(.notRegularFile) }
        return .success(opened)
    }

    /// Opens the regular file at `path` as ``openNotFollowingLinks(_:)`` does, its folder too
    /// never through a link: the folder is opened with `O_NOFOLLOW` and the file in it with
    /// `openat`, so a link put in the folder's place (a `fonts` link to the machine's fonts)
    /// is refused as a link at the file is. `.folderLink` says which it was.
    static func openInFolderNotFollowingLinks(_ path: String) -> Result<(file: FileDescriptor, size: Int), Unopened> {
        let folder: FileDescriptor
        do {
            folder = try FileDescriptor.open(
                FilePath(pathText: Paths.parent(of: path)), .readOnly, options: [.closeOnExec, .directory, .noFollow])
        } catch {
            return .failure((error as? Errno) == .tooManySymbolicLinkLevels || (error as? Errno) == .notDirectory ? .folderLink : .unreadable)
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

    /// Why ``openNotFollowingLinks(_:)`` opened nothing.
    enum Unopened: Error, Equatable {
        /// A symbolic link is at the path.
        case link
        /// A symbolic link (or no folder) is where the file's folder should be.
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
