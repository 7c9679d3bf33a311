/// A request's line and headers as ``HTTPRequestParser`` reads them: the method, the target
/// split into what the preview needs, the version and the header fields in the order sent.
///
/// Public, not `package`: the fuzz target, a package of its own, reaches it through the
/// `PreviewServer` library product.
public struct HTTPRequest: Equatable, Sendable {
    /// One header field line: its name as sent, and its value without the spaces around it.
    public struct Field: Equatable, Sendable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The method, in capitals (`GET`, `HEAD`...).
    public var method: String
    /// The request target exactly as sent: `/a/b?c` (origin form), `http://host/a` (absolute form)...
    public var target: String
    /// The minor version of HTTP/1: `0` or `1`.
    public var minorVersion: Int
    /// The header fields, in the order sent.
    public var fields: [Field]
    /// The target's path, still percent-encoded: the target up to `?` or `#` in origin form, the
    /// path after the authority (`/` when there is none) in absolute form, the whole target in
    /// any other form (which is then no path: it does not start with `/`).
    public var path: String
    /// The target's query, after `?` and before `#`, still percent-encoded; empty when there is none.
    public var query: String
    /// The host and port an absolute-form target names (`http://evil.example:80/x` names
    /// `evil.example:80`); `nil` for any other form.
    public var targetAuthority: String?

    public init(method: String, target: String, minorVersion: Int, fields: [Field]) {
        self.method = method
        self.target = target
        self.minorVersion = minorVersion
        self.fields = fields
        var rest = Substring(target)
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        var authority: Substring?
        let scheme = "http://"
        if rest.count > scheme.count, rest.prefix(scheme.count).lowercased() == scheme {
            let afterScheme = rest.dropFirst(scheme.count)
            let end = afterScheme.firstIndex { $0 == "/" || $0 == "?" } ?? afterScheme.endIndex
            authority = afterScheme[..<end]
            rest = afterScheme[end...]
        }
        targetAuthority = authority.map(String.init)
        let pathEnd = rest.firstIndex(of: "?") ?? rest.endIndex
        let pathPart = rest[..<pathEnd]
        path = authority != nil && pathPart.isEmpty ? "/" : String(pathPart)
        query = pathEnd == rest.endIndex ? "" : String(rest[rest.index(after: pathEnd)...])
    }

    /// The values of every field named `name`, compared without regard to case, in the order sent.
    public func values(of name: String) -> [String] {
        let wanted = name.lowercased()
        return fields.filter { $0.name.lowercased() == wanted }.map(\.value)
    }
}
