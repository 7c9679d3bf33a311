import PathText

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Paths made absolute and canonical with the system's help (`getcwd`, `realpath`), giving the
/// paths Foundation's `URL(fileURLWithPath:)` gave before the tool stopped linking it, so that
/// messages, locks and cache names stay what they were. Unlike it, a leading `~` is a name
/// like any other, as it is to `open` and to the appDef's own path: the shell expands it.
extension Paths {
    /// The process's current folder; empty when the system cannot tell (it was removed).
    @usableFromInline
    package static var currentDirectory: String {
        guard let path = getcwd(nil, 0) else { return "" }
        defer { free(path) }
        return PathText.string(fromBytes: UnsafeRawBufferPointer(start: path, count: strlen(path)))
    }

    /// `path` as an absolute path, as `URL(fileURLWithPath:)` gave it: an absolute one as it is
    /// but for the slashes that end it; a relative one taken from the current folder with its
    /// `.` and `..` worked out on the text. Left as it is when the current folder cannot be had.
    package static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return droppingTrailingSlashes(path) }
        let current = currentDirectory
        guard !current.isEmpty else { return path }
        return lexicallyNormalized(join(current, path))
    }

    /// The one name of the folder or file `path` names, as `URL.standardizedFileURL` gave it:
    /// absolute, `.` and empty names gone; `..` taken through the links before it when the whole
    /// path exists (as the system would), else on the text alone. Links are otherwise kept.
    /// (On macOS Foundation also dropped a leading `/private` when the rest existed; not here.)
    package static func standardized(_ path: String) -> String {
        let absolute = absolute(path)
        guard absolute.hasPrefix("/") else { return absolute }
        if hasParentReference(absolute), let real = realPath(absolute) { return real }
        return lexicallyNormalized(absolute)
    }

    /// What `path` leads to once every link in it is followed, as `URL.resolvingSymlinksInPath`
    /// gave it; when some of it does not exist, `path` standardized on the text alone.
    static func resolvingLinks(_ path: String) -> String {
        let absolute = absolute(path)
        guard absolute.hasPrefix("/") else { return absolute }
        return realPath(absolute) ?? lexicallyNormalized(absolute)
    }

    /// What `path` leads to once the links in the part of it that exists are followed, the
    /// rest of it kept as written: where a folder not made yet (a cache folder, an output
    /// folder) will be. `/link/to/out/new` is `/real/out/new` when `/link/to/out` exists.
    package static func resolvingExistingLinks(_ path: String) -> String {
        let absolute = lexicallyNormalized(absolute(path))
        guard absolute.hasPrefix("/") else { return absolute }
        var existing = absolute
        var missing: [String] = []
        while existing != "/" {
            if let real = realPath(existing) { return missing.reversed().reduce(real) { join($0, $1) } }
            missing.append(lastComponent(of: existing))
            existing = parent(of: existing)
        }
        return absolute
    }

    /// Whether `file`, once the links in it are followed, is inside `folder` once the links in it
    /// are followed: a link in the folder that leads out of it is not.
    package static func leadsInside(_ file: String, folder: String) -> Bool {
        // With its slash, so that /a/bc does not pass for a file in /a/b.
        resolvingLinks(file).hasPrefix(join(resolvingLinks(folder), ""))
    }

    /// `realpath(3)`: `nil` when a part of the path is missing or cannot be looked into.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = PathText.withCString(path, { realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return PathText.string(fromBytes: UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
    }
}
