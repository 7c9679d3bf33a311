#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The server's one thread: a poll(2) loop over the listening socket, the wake signal and every
/// connection, all non-blocking.
///
/// Why one loop rather than a thread per connection: a connection that sends nothing then costs
/// a descriptor and a few bytes, not a thread out of a small pool, so idle clients cannot take
/// the places a browser's requests need; answers come from memory, so no request makes the
/// others wait long. When connections reach the limit, the oldest one still waiting for its
/// request makes room for the new one.
final class ServerLoop {
    private let listener: Int32
    private let wake: WakeSignal
    private let limits: HTTPServerLimits
    private let hostCheck: HostCheck
    private let handler: HTTPServer.Handler
    private let clock = ContinuousClock()
    /// Open connections, oldest first.
    private var connections: [ClientConnection] = []
    private var listening = true
    /// Until when accepting waits, after the system had no descriptor or memory for a connection.
    private var acceptPausedUntil: ContinuousClock.Instant?
    /// Set by a stop: until when responses under way may finish.
    private var stopDeadline: ContinuousClock.Instant?

    /// Connections taken from the queue at one wake-up, so that a flood cannot starve the others.
    private static let acceptsPerRound = 64
    /// How long accepting waits when the system is out of descriptors or memory.
    private static let acceptPause = Duration.milliseconds(50)

    init(listener: Int32, wake: WakeSignal, limits: HTTPServerLimits, hostCheck: HostCheck, handler: @escaping HTTPServer.Handler) {
        self.listener = listener
        self.wake = wake
        self.limits = limits
        self.hostCheck = hostCheck
        self.handler = handler
    }

    /// Serves until the wake signal asks it to stop, then closes every socket it holds.
    func run() {
        defer {
            for connection in connections { connection.end() }
            if listening { close(listener) }
        }
        while true {
            var now = clock.now
            if let stopDeadline, connections.isEmpty || now >= stopDeadline { return }
            if let pause = acceptPausedUntil, now >= pause { acceptPausedUntil = nil }
            let accepting = listening && acceptPausedUntil == nil
            var watched = [pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0)]
            if accepting { watched.append(pollfd(fd: listener, events: Int16(POLLIN), revents: 0)) }
            let firstConnection = watched.count
            watched += connections.map { pollfd(fd: $0.descriptor, events: $0.events, revents: 0) }

            let polled = poll(&watched, nfds_t(watched.count), timeout(from: now))
            if polled < 0 && errno != EINTR && errno != EAGAIN { return }
            now = clock.now
            for (index, connection) in connections.enumerated() where watched[firstConnection + index].revents != 0 {
                connection.ready(at: now, respond: respond)
            }
            for connection in connections { connection.expire(at: now) }
            if watched[0].revents != 0 {
                wake.drain()
                stop(at: now)
            }
            connections.removeAll { $0.phase == .closed }
            if accepting && listening && watched[1].revents != 0 { acceptWaiting(at: now) }
        }
    }

    /// The bytes that answer a request, or a request that cannot be read.
    private func respond(_ read: Result<HTTPRequest, HTTPRequestParser.Failure>) -> [UInt8] {
        switch read {
        case .success(let request):
            let response = hostCheck.refusal(of: request) ?? handler(request)
            return response.encoded(includingBody: request.method != "HEAD")
        case .failure(.malformed):
            return HTTPResponse.text(400, "Bad request.\n").encoded(includingBody: true)
        case .failure(.tooLarge):
            return HTTPResponse.text(431, "Request header fields too large.\n").encoded(includingBody: true)
        case .failure(.unsupportedVersion):
            return HTTPResponse.text(505, "HTTP version not supported: the preview speaks HTTP/1.1 and HTTP/1.0.\n")
                .encoded(includingBody: true)
        }
    }

    /// Takes the connections waiting to be accepted, making room for each as needed.
    private func acceptWaiting(at now: ContinuousClock.Instant) {
        for _ in 0..<Self.acceptsPerRound {
            let descriptor = Sockets.acceptConnection(from: listener)
            guard descriptor >= 0 else {
                switch errno {
                case EAGAIN, EWOULDBLOCK:
                    return
                case EINTR, ECONNABORTED:
                    continue
                default:
                    // Out of descriptors or memory (or worse): the connection stays queued and
                    // poll would report it at once again. Free a place, or wait a moment.
                    if !closeOldestWaiting() { acceptPausedUntil = now + Self.acceptPause }
                    return
                }
            }
            if connections.count >= limits.maxConnections && !closeOldestWaiting() {
                turnAway(descriptor)
                continue
            }
            connections.append(ClientConnection(descriptor: descriptor, opened: now, limits: limits))
        }
    }

    /// Closes the oldest connection that sent nothing yet, or else the oldest one whose request
    /// is not whole; `false` when every connection is being answered.
    private func closeOldestWaiting() -> Bool {
        let waiting =
            connections.firstIndex { $0.phase == .reading && $0.hasSentNothing }
            ?? connections.firstIndex { $0.phase == .reading }
        guard let waiting else { return false }
        connections.remove(at: waiting).end()
        return true
    }

    /// Answers 503 as far as the socket takes it at once, and closes: every place is taken by a
    /// connection being answered, which frees it soon.
    private func turnAway(_ descriptor: Int32) {
        _ = Sockets.sendSome(descriptor, HTTPResponse.text(503, "Busy: too many connections.\n").encoded(includingBody: true), from: 0)
        close(descriptor)
    }

    /// Stops accepting and drops the connections still waiting for their request; answers under
    /// way get until the stop's grace is over.
    private func stop(at now: ContinuousClock.Instant) {
        guard stopDeadline == nil else { return }
        stopDeadline = now + limits.stopGrace
        close(listener)
        listening = false
        for connection in connections where connection.phase == .reading { connection.end() }
    }

    /// Milliseconds until the nearest deadline (rounded up, so that it has passed on waking), or
    /// `-1` to wait for input alone.
    private func timeout(from now: ContinuousClock.Instant) -> Int32 {
        let deadlines = connections.compactMap(\.deadline) + [stopDeadline, acceptPausedUntil].compactMap { $0 }
        guard let nearest = deadlines.min() else { return -1 }
        let left = now.duration(to: nearest)
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }
}
