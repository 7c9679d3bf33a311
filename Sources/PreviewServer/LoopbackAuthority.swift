/// The names under which the preview's server may be asked for: its loopback address and port.
///
/// A page elsewhere can point a name of its own at 127.0.0.1 (DNS rebinding) and then read what
/// the preview answers as if it came from that page's origin; the browser still sends the page's
/// name in `Host`. So a request is answered only when it names this server: `127.0.0.1:PORT`,
/// `localhost:PORT` or `[::1]:PORT`, host names in any case, the port left out only when it is 80.
public struct LoopbackAuthority: Sendable, Equatable {
    /// The port the server listens on.
    public let port: UInt16

    /// The hosts that name this machine's loopback address, in lower case.
    public static let hosts: Set<String> = ["127.0.0.1", "localhost", "[::1]"]

    public init(port: UInt16) {
        self.port = port
    }

    /// Whether `authority` (a `Host` value, or the host and port of a URL) names this server.
    /// A user name (`user@127.0.0.1`) or anything after the port makes it another.
    public func names(_ authority: some StringProtocol) -> Bool {
        let text = Substring(authority)
        let host: Substring
        let port: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return false }
            host = text[...close]
            let rest = text[text.index(after: close)...]
            guard rest.isEmpty || rest.hasPrefix(":") else { return false }
            port = rest.isEmpty ? nil : rest.dropFirst()
        } else if let colon = text.firstIndex(of: ":") {
            host = text[..<colon]
            port = text[text.index(after: colon)...]
        } else {
            host = text
            port = nil
        }
        // ASCII alone: a few other letters have ASCII lower cases (the Kelvin sign's is k).
        guard host.allSatisfy(\.isASCII), Self.hosts.contains(host.lowercased()) else { return false }
        // No port, or an empty one, is the scheme's: 80 for http (RFC 3986, section 3.2.3).
        guard let port, !port.isEmpty else { return self.port == 80 }
        guard port.count <= 5, port.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(port) else { return false }
        return number == Int(self.port)
    }
}
