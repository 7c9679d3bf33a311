import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The preview's HTTP server: HTTP/1.1 on 127.0.0.1 only, never on all interfaces, one request
/// per connection (`Connection: close`), served on one thread of its own (``ServerLoop``).
///
/// Deliberately not a general server: the request line and headers (no bodies, no keep-alive),
/// answered only when they name this server (``HostCheck``), within the times and sizes of
/// ``HTTPServerLimits``; everything else is the handler's.
package final class HTTPServer: Sendable {
    /// What answers each request that names this server.
    package typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    /// The only address the server listens on.
    package static let host = "127.0.0.1"

    /// The port it listens on.
    package let port: UInt16
    private let wake: WakeSignal
    private let finished = DispatchGroup()

    /// Listens on `port` of 127.0.0.1 (`0`: a free port) and serves in the background until
    /// ``stop()``, answering with the handler `makeHandler` returns for the port listened on.
    /// Throws when it cannot listen (the port is taken, say).
    package init(port requested: UInt16, limits: HTTPServerLimits = HTTPServerLimits(), handler makeHandler: (_ port: UInt16) -> Handler)
        throws(SocketError)
    {
        let listener = try Sockets.openListener(on: Self.host, port: requested)
        do {
            port = try Sockets.localPort(of: listener)
            wake = try WakeSignal()
        } catch {
            close(listener)
            throw error
        }
        let wake = wake
        let hostCheck = HostCheck(authority: LoopbackAuthority(port: port))
        let handler = makeHandler(port)
        let finished = finished
        finished.enter()
        let failure = DetachedThread.start {
            ServerLoop(listener: listener, wake: wake, limits: limits, hostCheck: hostCheck, handler: handler).run()
            finished.leave()
        }
        if let failure {
            finished.leave()
            close(listener)
            throw SocketError(call: "pthread_create", code: failure)
        }
    }

    /// Stops accepting, gives answers under way a moment (``HTTPServerLimits/stopGrace``; they
    /// come from memory) and returns once every socket is closed. Stopping again does nothing more.
    package func stop() async {
        wake.signal()
        let finished = finished
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            finished.notify(queue: .global()) { done.resume() }
        }
    }
}
