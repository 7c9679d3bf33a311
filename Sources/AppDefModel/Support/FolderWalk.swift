import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Everything under a folder, at any depth, read with `opendir`, `readdir` and `lstat`: a link is
/// listed as a link and never followed, so a walk stays inside the folder and cannot loop.
/// Names are kept as the bytes the system gave (`FilePath.Component`), never decoded on the way.
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
        /// Its path from the folder, names joined with `/` (a name that is not UTF-8 shows
        /// U+FFFD where its bytes are not).
        public var path: String
        public var kind: Kind
    }

    /// The entries under `folder`, sorted by path; none when `folder` cannot be read. A folder
    /// under it that cannot be read is listed, without what it holds.
    public static func entries(under folder: String) -> [Entry] {
        var entries: [Entry] = []
        var pending = [(absolute: FilePath(pathText: folder), relative: FilePath())]
        while let (absolute, relative) = pending.popLast() {
            guard let names = try? names(in: absolute) else { continue }
            for name in names {
                guard let kind = kind(of: absolute.appending(name)) else { continue }  // gone since the folder was read
                let path = relative.appending(name)
                entries.append(Entry(path: path.pathText, kind: kind))
                if kind == .folder { pending.append((absolute.appending(name), path)) }
            }
        }
        return entries.sorted { $0.path < $1.path }
    }

    /// What is at `path`, or with `followingLinks` what a link there leads to; `nil` when nothing is.
    public static func kind(of path: String, followingLinks: Bool = false) -> Kind? {
        kind(of: FilePath(pathText: path), followingLinks: followingLinks)
    }

    package static func kind(of path: FilePath, followingLinks: Bool = false) -> Kind? {
        (try? path.stat(followTargetSymlink: followingLinks)).map { kind(of: $0.type) }
    }

    package static func kind(of type: FileType) -> Kind {
        switch type {
        case .regular: .regularFile
        case .directory: .folder
        case .symbolicLink: .symbolicLink
        default: .other
        }
    }

    /// The names in `folder` but `.` and `..`, in no order; throws when it cannot be read (it
    /// is missing, or no folder).
    package static func names(in folder: String) throws(FileSystemCalls.Failure) -> [FilePath.Component] {
        try names(in: FilePath(pathText: folder))
    }

    package static func names(in folder: FilePath) throws(FileSystemCalls.Failure) -> [FilePath.Component] {
        guard let stream = folder.withPlatformString({ opendir($0) }) else { throw FileSystemCalls.Failure.last(folder.string) }
        defer { closedir(stream) }
        var names: [FilePath.Component] = []
        while let name = nextName(in: stream) { names.append(name) }
        return names
    }

    /// The next name an open folder holds, `.` and `..` skipped; `nil` at its end.
    static func nextName(in stream: DirectoryStream) -> FilePath.Component? {
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                bytes.withMemoryRebound(to: CChar.self) { FilePath.Component(platformString: $0.baseAddress!) }
            }
            if let name, name.kind == .regular { return name }
        }
        return nil
    }

    /// What `opendir` gives: an opaque pointer where the C library hides `DIR`, as glibc does.
    #if canImport(Glibc)
        typealias DirectoryStream = OpaquePointer
    #elseif canImport(Darwin)
        typealias DirectoryStream = UnsafeMutablePointer<DIR>
    #endif
}
