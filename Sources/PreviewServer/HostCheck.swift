/// The server's own answer to a request that does not name it, given before any route sees the
/// request (see ``LoopbackAuthority`` for why).
struct HostCheck: Sendable {
    let authority: LoopbackAuthority

    /// The refusal of `request`, or `nil` when it may be served. HTTP/1.1 requires exactly one
    /// `Host` (RFC 9112, section 3.2): none, or two, is a bad request. An HTTP/1.0 request may
    /// come without one: browsers always send it, so a page elsewhere cannot use its absence.
    /// An absolute-form target must name this server too, whatever `Host` says.
    func refusal(of request: HTTPRequest) -> HTTPResponse? {
        let hosts = request.values(of: "Host")
        if hosts.count > 1 {
            return .text(400, "Bad request: more than one Host header.\n")
        }
        if hosts.isEmpty && request.minorVersion >= 1 {
            return .text(400, "Bad request: an HTTP/1.1 request needs a Host header.\n")
        }
        let named = hosts + [request.targetAuthority].compactMap { $0 }
        guard named.allSatisfy(authority.names) else {
            return .text(
                421, "Misdirected request: this preview answers only at 127.0.0.1:\(authority.port) or localhost:\(authority.port).\n")
        }
        return nil
    }
}
