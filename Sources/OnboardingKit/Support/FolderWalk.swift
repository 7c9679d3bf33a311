#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Everything under a folder, at any depth, read with `opendir`, `readdir` and `lstat`: a link is
/// listed as a link and never followed, so a walk stays inside the folder and cannot loop.
public enum FolderWalk {
    /// What an entry is, as `lstat` says.
    public enum Kind: Hashable, Sendable {
        case regularFile
        case folder
        case symbolicLink
        /// A socket, a device, a pipe...
        case other
    }

    /// One thing under the folder.
    public struct Entry: Hashable, Sendable {
        /// Its path from the folder, names joined with `/`.
        public var path: String
        public var kind: Kind
    }

    /// The entries under `folder`, sorted by path; none when `folder` cannot be read.
    public static func entries(under folder: String) -> [Entry] {
        listing(under: folder).entries
    }

    /// A walk's entries, and the folders it could not list (their paths from `folder`, `""`
    /// for `folder` itself), whose contents it therefore does not know.
    public struct Listing: Sendable {
        public var entries: [Entry]
        public var unreadableFolders: [String]
    }

    /// The entries under `folder`, sorted by path, with the folders that could not be listed.
    public static func listing(under folder: String) -> Listing {
        var entries: [Entry] = []
        var unreadable: [String] = []
        var pending = [(absolute: folder, relative: "")]
        while let (absolute, relative) = pending.popLast() {
            let names: [String]
            do {
                names = try Self.names(in: absolute)
            } catch {
                unreadable.append(relative)
                continue
            }
            for name in names {
                let path = Paths.join(absolute, name)
                guard let kind = kind(of: path) else { continue }  // gone since the folder was read
                let entry = Entry(path: relative.isEmpty ? name : relative + "/" + name, kind: kind)
                entries.append(entry)
                if entry.kind == .folder { pending.append((path, entry.path)) }
            }
        }
        return Listing(entries: entries.sorted { $0.path < $1.path }, unreadableFolders: unreadable.sorted())
    }

    /// What is at `path`, or with `followingLinks` what a link there leads to; `nil` when nothing is.
    public static func kind(of path: String, followingLinks: Bool = false) -> Kind? {
        var status = stat()
        guard (followingLinks ? stat(path, &status) : lstat(path, &status)) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regularFile
        case S_IFDIR: return .folder
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }

    /// The names in `folder` but `.` and `..`, in no order; throws when it cannot be read (it
    /// is missing, or no folder).
    static func names(in folder: String) throws(FileSystemCalls.Failure) -> [String] {
        guard let directory = opendir(folder) else { throw FileSystemCalls.Failure(path: folder, code: errno) }
        defer { closedir(directory) }
        return names(readFrom: directory)
    }

    /// The names an open folder holds but `.` and `..`, read to the end.
    static func names(readFrom directory: DirectoryStream) -> [String] {
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// What `opendir` gives: an opaque pointer where the C library hides `DIR`, as glibc does.
    #if canImport(Glibc)
        typealias DirectoryStream = OpaquePointer
    #elseif canImport(Darwin)
        typealias DirectoryStream = UnsafeMutablePointer<DIR>
    #endif
}
