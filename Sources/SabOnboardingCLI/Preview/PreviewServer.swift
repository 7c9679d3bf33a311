import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The preview's HTTP server: a small HTTP/1.1 server on POSIX sockets, on 127.0.0.1 only, never
/// on all interfaces, answering every request with ``PreviewRoutes`` over the site's latest
/// snapshot. One request per connection (`Connection: close`), one thread per connection.
///
/// Deliberately not a general server: GET and HEAD (the routes answer others with 405), the
/// request line and headers up to the blank line (at most ``maxHeaderBytes``, read within
/// ``requestTimeout``), no request bodies, no keep-alive.
struct PreviewServer: Sendable {
    /// The only address the preview listens on.
    static let host = "127.0.0.1"
    /// The longest request line and headers accepted; longer ones get 431.
    static let maxHeaderBytes = 16 * 1024
    /// How long a client has to send its request line and headers; slower ones get 408.
    static let requestTimeout: Duration = .seconds(5)
    /// Connections served at once; more get 503.
    static let maxConnections = 64

    private let port: UInt16
    private let site: PreviewSite
    private let routes: PreviewRoutes
    private let state = ServerState()

    /// A server for `site` on `port` of 127.0.0.1 (`0`: a free port). Nothing listens before ``start()``.
    init(port: UInt16, site: PreviewSite, routes: PreviewRoutes) throws {
        self.port = port
        self.site = site
        self.routes = routes
    }

    /// Starts listening and returns the port; the server goes on in the background until ``stop()``.
    /// Throws when it cannot listen (the port is taken, say).
    func start() async throws -> UInt16 {
        let listener = try Self.openListener(port: port)
        let bound: UInt16
        do {
            bound = try Self.localPort(of: listener)
        } catch {
            close(listener)
            throw error
        }
        state.listening(listener)
        if let code = DetachedThread.start({ [self] in acceptLoop(listener) }) {
            state.closeListener()
            throw ServerError(call: "pthread_create", code: code)
        }
        return bound
    }

    /// Closes the listening socket, giving requests in flight a moment (the preview's answers come
    /// from memory).
    func stop() async {
        let state = state
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                state.stop(waitingForConnections: .milliseconds(200))
                done.resume()
            }
        }
    }

    // MARK: - Listening

    private static func openListener(port: UInt16) throws -> Int32 {
        #if os(Linux)
            let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let listener = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard listener >= 0 else { throw ServerError(call: "socket", code: errno) }
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        // The accept loop polls, so that it notices a stop; a connection gone between the poll and
        // the accept must not block it.
        _ = fcntl(listener, F_SETFL, fcntl(listener, F_GETFL) | O_NONBLOCK)

        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr(host)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else {
            let code = errno
            close(listener)
            throw ServerError(call: "bind", code: code)
        }
        guard listen(listener, 128) == 0 else {
            let code = errno
            close(listener)
            throw ServerError(call: "listen", code: code)
        }
        return listener
    }

    private static func localPort(of listener: Int32) throws -> UInt16 {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        guard named == 0 else { throw ServerError(call: "getsockname", code: errno) }
        return UInt16(bigEndian: address.sin_port)
    }

    /// Accepts connections until ``stop()``, each served on a thread of its own; then closes the
    /// listening socket.
    private func acceptLoop(_ listener: Int32) {
        defer { state.closeListener() }
        while !state.isStopping {
            var ready = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, 100)
            if polled < 0 && errno != EINTR { return }
            guard polled > 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                switch errno {
                case EINTR, EAGAIN, EWOULDBLOCK, ECONNABORTED:
                    continue
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    // The connection stays queued, so poll would report it at once again: wait
                    // for served connections to free what is short instead of spinning.
                    usleep(50_000)
                    continue
                default:
                    return
                }
            }
            // Accepted sockets are blocking (BSD passes O_NONBLOCK on; Linux does not).
            _ = fcntl(connection, F_SETFL, fcntl(connection, F_GETFL) & ~O_NONBLOCK)
            guard state.connectionOpened(limit: Self.maxConnections) else {
                Self.turnAway(connection, "Busy: too many connections.\n")
                continue
            }
            let started = DetachedThread.start { [self] in
                serve(Connection(descriptor: connection))
                state.connectionClosed()
            }
            if started != nil {
                state.connectionClosed()
                Self.turnAway(connection, "Busy: no thread for the connection.\n")
            }
        }
    }

    /// Answers 503 on the accept thread, lingering only briefly: a client that keeps sending
    /// must not stop the server from accepting others.
    private static func turnAway(_ descriptor: Int32, _ message: String) {
        let connection = Connection(descriptor: descriptor)
        connection.send(response(.text(503, message), includingBody: true))
        connection.finish(lingeringAtMost: .milliseconds(100))
    }

    // MARK: - One connection

    /// Reads one request, answers it and closes the connection.
    private func serve(_ connection: Connection) {
        defer { connection.finish() }
        let head: [UInt8]
        switch connection.readHead(limit: Self.maxHeaderBytes, timeout: Self.requestTimeout) {
        case .head(let bytes): head = bytes
        case .tooLarge:
            connection.send(Self.response(.text(431, "Request header fields too large.\n"), includingBody: true))
            return
        case .timedOut:
            connection.send(Self.response(.text(408, "Request timeout.\n"), includingBody: true))
            return
        case .closed:
            return
        }
        guard let request = Request(head: head) else {
            connection.send(Self.response(.text(400, "Bad request.\n"), includingBody: true))
            return
        }
        let snapshot = Self.snapshot(of: site)
        let reply = routes.reply(method: request.method, target: request.path, query: request.query, site: snapshot)
        connection.send(Self.response(reply, includingBody: request.method != "HEAD"))
    }

    /// The site's snapshot, from the thread of a connection.
    private static func snapshot(of site: PreviewSite) -> PreviewSite.Snapshot {
        let box = SnapshotBox()
        let done = DispatchSemaphore(value: 0)
        Task {
            box.set(await site.snapshot)
            done.signal()
        }
        done.wait()
        return box.get()!
    }

    /// The bytes of the response to send: status line, the reply's headers, `Content-Length` and
    /// `Connection: close`, then the body unless the request was HEAD (which gets the same length).
    static func response(_ reply: PreviewReply, includingBody: Bool) -> [UInt8] {
        var head = "HTTP/1.1 \(reply.status) \(reason(reply.status))\r\n"
        for (name, value) in reply.headers.sorted(by: { $0.key < $1.key })
        where name.lowercased() != "content-length" && name.lowercased() != "connection" {
            head += "\(name): \(value)\r\n"
        }
        head += "Content-Length: \(reply.body.count)\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + (includingBody ? reply.body : [])
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 302: "Found"
        case 400: "Bad Request"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status \(status)"
        }
    }
}

/// A failed socket call, said as the system says it ("bind: Address already in use").
struct ServerError: Error, CustomStringConvertible {
    var call: String
    var code: Int32

    var description: String { "\(call): \(String(cString: strerror(code)))" }
}

/// The request line and headers, parsed as far as the preview needs: the method and the target
/// split into its path and query, both still percent-encoded (the routes decode them).
struct PreviewRequest: Equatable {
    var method: String
    var path: String
    var query: String

    /// `nil` when `head` (the bytes up to the blank line) is not an HTTP/1.x request.
    init?(head: [UInt8]) {
        // By bytes: in a String, CR LF is one Character.
        var lines = head.split(separator: 0x0A, omittingEmptySubsequences: false)
            .map { String(decoding: $0.last == 0x0D ? $0.dropLast() : $0, as: UTF8.self) }
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard let requestLine = lines.first else { return nil }
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[2].hasPrefix("HTTP/1."),
            parts[1].unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F })
        else { return nil }
        // Header lines: names and values are not needed, but each must be one.
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
                !line.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" })
            else { return nil }
        }
        method = parts[0].uppercased()
        var target = Substring(parts[1])
        // The absolute form (from proxies): only its path and query matter.
        if let scheme = target.firstRange(of: "://"), target.hasPrefix("http") {
            let afterHost = target[scheme.upperBound...]
            target = afterHost.firstIndex(of: "/").map { afterHost[$0...] } ?? "/"
        }
        if let hash = target.firstIndex(of: "#") { target = target[..<hash] }
        if let mark = target.firstIndex(of: "?") {
            path = String(target[..<mark])
            query = String(target[target.index(after: mark)...])
        } else {
            path = String(target)
            query = ""
        }
    }
}

private typealias Request = PreviewRequest

/// One accepted socket.
private struct Connection {
    let descriptor: Int32

    enum Head {
        case head([UInt8])
        case tooLarge
        case timedOut
        case closed
    }

    init(descriptor: Int32) {
        self.descriptor = descriptor
        // A reader that stops reading must not hold a thread for ever.
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
            var yes: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    private enum Wait { case ready, timedOut, interrupted, failed }

    /// Waits until the client has sent something or `deadline` has passed.
    private func waitForInput(until deadline: ContinuousClock.Instant, on clock: ContinuousClock) -> Wait {
        let left = clock.now.duration(to: deadline)
        guard left > .zero else { return .timedOut }
        let milliseconds = Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
        var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let polled = poll(&ready, 1, milliseconds)
        if polled < 0 { return errno == EINTR ? .interrupted : .failed }
        return polled == 0 ? .timedOut : .ready
    }

    /// The bytes up to and including the blank line ending the headers, read within `timeout`.
    func readHead(limit: Int, timeout: Duration) -> Head {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var searchedUpTo = 0
        while true {
            switch waitForInput(until: deadline, on: clock) {
            case .interrupted: continue
            case .failed: return .closed
            case .timedOut: return .timedOut
            case .ready: break
            }
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK { continue }
                return .closed
            }
            if count == 0 { return .closed }
            bytes += buffer[..<count]
            // The end of the headers: an empty line (CRLF CRLF, or bare LFs from lenient clients).
            var index = max(0, searchedUpTo - 3)
            while index < bytes.count {
                if bytes[index] == 0x0A {
                    var end: Int?
                    if index + 1 < bytes.count, bytes[index + 1] == 0x0A { end = index + 1 }
                    if index + 2 < bytes.count, bytes[index + 1] == 0x0D, bytes[index + 2] == 0x0A { end = index + 2 }
                    if let end { return end < limit ? .head(Array(bytes[...end])) : .tooLarge }
                }
                index += 1
            }
            searchedUpTo = bytes.count
            if bytes.count >= limit { return .tooLarge }
        }
    }

    /// Writes all of `bytes`, or as much as the client takes before it goes away or stalls.
    func send(_ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                #if os(Linux)
                    Glibc.send(descriptor, raw.baseAddress! + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
                #else
                    Darwin.send(descriptor, raw.baseAddress! + sent, raw.count - sent, 0)
                #endif
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            sent += count
        }
    }

    /// Ends the connection: no more output, then what the client still sends is read and dropped
    /// for a moment (closing with unread input would reset the connection and could lose the
    /// response), then the socket is closed. The moment has a deadline of its own: a client
    /// that sends a byte now and then must not hold the connection open.
    func finish(lingeringAtMost linger: Duration = .seconds(1)) {
        shutdown(descriptor, Int32(SHUT_WR))
        let clock = ContinuousClock()
        let deadline = clock.now + linger
        var buffer = [UInt8](repeating: 0, count: 4096)
        var drained = 0
        while drained < 256 * 1024 {
            let waited = waitForInput(until: deadline, on: clock)
            if waited == .interrupted { continue }
            guard waited == .ready else { break }
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            drained += count
        }
        close(descriptor)
    }
}

/// The server's mutable state, shared by the accept loop, the connections and ``PreviewServer/stop()``.
private final class ServerState: @unchecked Sendable {
    private let lock = ConditionLock()
    private var listener: Int32 = -1
    private var stopping = false
    private var loopDone = false
    private var connections = 0

    func listening(_ descriptor: Int32) {
        lock.withLock { listener = descriptor }
    }

    var isStopping: Bool {
        lock.withLock { stopping }
    }

    /// Called by the accept loop as it ends.
    func closeListener() {
        lock.withLock {
            if listener >= 0 { close(listener) }
            listener = -1
            loopDone = true
            lock.broadcast()
        }
    }

    func connectionOpened(limit: Int) -> Bool {
        lock.withLock {
            guard connections < limit else { return false }
            connections += 1
            return true
        }
    }

    func connectionClosed() {
        lock.withLock {
            connections -= 1
            lock.broadcast()
        }
    }

    /// Stops the accept loop and waits until it has closed the listening socket, then at most
    /// `grace` for the connections in flight. Blocks: call it off the cooperative pool.
    func stop(waitingForConnections grace: Duration) {
        lock.withLock {
            stopping = true
            if listener >= 0 {
                let deadline = ContinuousClock.now + .seconds(1)
                while !loopDone, lock.wait(until: deadline) {}
            }
            let deadline = ContinuousClock.now + grace
            while connections > 0, lock.wait(until: deadline) {}
        }
    }
}

/// Carries the snapshot from the task that reads it to the connection's thread, which waits on a
/// semaphore until it is set.
private final class SnapshotBox: @unchecked Sendable {
    private let lock = ConditionLock()
    private var value: PreviewSite.Snapshot?

    func set(_ snapshot: PreviewSite.Snapshot) {
        lock.withLock { value = snapshot }
    }

    func get() -> PreviewSite.Snapshot? {
        lock.withLock { value }
    }
}
