import PathText
import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whole-file writes and folder creation by path, on swift-system where it has the call
/// (`open`, `write`) and on the C library where it does not (`mkdir`). Calls relative to an
/// open folder are ``OpenFolder``'s.
package enum FileSystemCalls {
    /// A failed system call, with the system's own words for it ("No space left on device").
    package struct Failure: Error, CustomStringConvertible {
        package var path: String
        package var code: Errno
        package var description: String { "\(path): \(reason)" }
        /// The system's words alone, for messages that name the path themselves.
        package var reason: String { code.description }

        /// The failure of a C library call that set `errno`, made just now.
        package static func last(_ path: String) -> Failure {
            Failure(path: path, code: Errno(rawValue: errno))
        }
    }

    /// Runs a swift-system call, whose errors are `Errno`, naming `path` in its failure.
    static func call<Result>(_ path: String, _ body: () throws -> Result) throws(Failure) -> Result {
        do {
            return try body()
        } catch let error as Errno {
            throw Failure(path: path, code: error)
        } catch {
            throw Failure(path: path, code: .ioError)  // swift-system throws nothing else
        }
    }

    /// Creates a folder and its missing parents. Returns whether the last one was made now; when
    /// something was there already (a folder, or a link to one), it is left as it is.
    @discardableResult
    package static func makeDirectories(_ path: String) throws(Failure) -> Bool {
        var partial = path.hasPrefix("/") ? "" : "."
        var made = false
        for component in path.split(separator: "/") {
            partial += "/" + component
            made = PathText.withCString(partial) { mkdir($0, 0o755) } == 0
            if !made && errno != EEXIST { throw Failure.last(partial) }
        }
        return made
    }

    /// Removes the folder at `path` when it is empty.
    package static func removeEmptyFolder(_ path: String) throws(Failure) {
        guard rmdir(path) == 0 else { throw Failure.last(path) }
    }

    /// Writes a whole file, going on after partial writes; a short disk is an error, not a short
    /// file. A link at `path` is not followed: the tool writes files, never through links. Nor
    /// is anything but a regular file written: a named pipe at `path` (the caches' folder may
    /// be restored from an archive, which keeps pipes) would hold the write until a reader came,
    /// for ever. Opened without waiting (a pipe without a reader fails at once) and checked to
    /// be a regular file before a byte is written.
    package static func writeFile(_ bytes: [UInt8], to path: String, permissions: FilePermissions = [.ownerReadWrite, .groupRead, .otherRead])
        throws(Failure)
    {
        try call(path) {
            let file = try FileDescriptor.open(
                FilePath(pathText: path), .writeOnly, options: [.create, .truncate, .noFollow, .closeOnExec, .nonBlocking],
                permissions: permissions)
            try file.closeAfter {
                guard try file.stat().type == .regular else { throw Errno.noSuchAddressOrDevice }
                _ = try file.writeAll(bytes)
            }
        }
    }

    /// Writes a new file, which must not exist: nothing at `path` (a file, or a link to one)
    /// is written through or replaced. Fails with `EEXIST` when something is there.
    package static func createFile(_ bytes: [UInt8], at path: String, permissions: FilePermissions = [.ownerReadWrite, .groupRead, .otherRead])
        throws(Failure)
    {
        try call(path) {
            let file = try FileDescriptor.open(
                FilePath(pathText: path), .writeOnly, options: [.create, .exclusiveCreate, .noFollow, .closeOnExec], permissions: permissions)
            try file.closeAfter { _ = try file.writeAll(bytes) }
        }
    }
}
