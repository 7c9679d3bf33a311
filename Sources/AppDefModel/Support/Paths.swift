/// Paths as text: the one place the tool joins a name to a folder, finds a path's folder or
/// makes a path absolute. What is here reads the text alone; what asks the system (the
/// current folder, links) is in `Paths+FileSystem.swift`.
@usableFromInline
package enum Paths {
    /// `name` inside `folder`, with one `/` between them.
    package static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The folder that holds what `path` names: `/tmp` for `/tmp/out` and `/tmp/out/`, `/` for
    /// `/out` and for `/` itself, `.` for a lone name.
    package static func parent(of path: String) -> String {
        let trimmed = droppingTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        let folder = trimmed[..<slash]
        return folder.isEmpty ? "/" : droppingTrailingSlashes(String(folder))
    }

    /// The last name of `path`, trailing slashes ignored: `out` for `/tmp/out/`; `/` for `/`.
    package static func lastComponent(of path: String) -> String {
        let trimmed = droppingTrailingSlashes(path)
        guard trimmed != "/" else { return "/" }
        return trimmed.lastIndex(of: "/").map { String(trimmed[trimmed.index(after: $0)...]) } ?? trimmed
    }

    /// An absolute path with `.`, `..` and empty names worked out on the text alone: `..` takes
    /// away the name before it (and nothing at the root), whatever links the path goes through.
    static func lexicallyNormalized(_ path: String) -> String {
        var names: [Substring] = []
        for name in path.split(separator: "/") {
            switch name {
            case ".": continue
            case "..": _ = names.popLast()
            default: names.append(name)
            }
        }
        return "/" + names.joined(separator: "/")
    }

    /// Whether one of the names in `path` is `..`.
    static func hasParentReference(_ path: String) -> Bool {
        path.split(separator: "/").contains("..")
    }

    /// `path` without the slashes that end it; `/` stays `/`.
    static func droppingTrailingSlashes(_ path: String) -> String {
        guard let last = path.lastIndex(where: { $0 != "/" }) else { return path.isEmpty ? path : "/" }
        return String(path[...last])
    }
}
