#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One accepted connection, from its opening to its close: it reads the request line and
/// headers, sends the answer, lingers a moment and closes. Driven by ``ServerLoop``, it never
/// waits: each call does what the socket allows now, and ``deadline`` says when it must move on
/// if nothing happens.
final class ClientConnection {
    enum Phase {
        /// Waiting for the request line and headers.
        case reading
        /// Sending the answer.
        case writing
        /// Answered: reading and dropping what the client still sends, until the linger is over.
        case lingering
        case closed
    }

    let descriptor: Int32
    private(set) var phase = Phase.reading
    /// Whether no byte has come from the client yet.
    private(set) var hasSentNothing = true
    private let opened: ContinuousClock.Instant
    private let limits: HTTPServerLimits
    private var parser: HTTPRequestParser
    private var outgoing: [UInt8] = []
    private var sent = 0
    private var drained = 0
    /// The deadline of the writing or lingering phase.
    private var phaseDeadline: ContinuousClock.Instant

    /// Input read and dropped after the answer at most; a client sending more is cut off.
    private static let maxDrained = 256 * 1024

    init(descriptor: Int32, opened: ContinuousClock.Instant, limits: HTTPServerLimits) {
        self.descriptor = descriptor
        self.opened = opened
        self.limits = limits
        parser = HTTPRequestParser(limit: limits.maxHeaderBytes)
        phaseDeadline = opened
    }

    /// When the connection moves on if nothing happens before: closed when it sent nothing, 408
    /// when its request is not whole, closed when its answer is not taken or its linger is over.
    var deadline: ContinuousClock.Instant? {
        switch phase {
        case .reading: opened + (hasSentNothing ? limits.idleLimit : limits.requestDeadline)
        case .writing, .lingering: phaseDeadline
        case .closed: nil
        }
    }

    /// What to poll the socket for.
    var events: Int16 {
        Int16(phase == .writing ? POLLOUT : POLLIN)
    }

    /// Does what the socket allows, now that poll says it is ready (or failed). A whole request,
    /// or one that cannot be read, is turned into the bytes to send by `respond`.
    func ready(at now: ContinuousClock.Instant, respond: (Result<HTTPRequest, HTTPRequestParser.Failure>) -> [UInt8]) {
        switch phase {
        case .reading: read(at: now, respond: respond)
        case .writing: write(at: now)
        case .lingering: drain()
        case .closed: break
        }
    }

    /// Moves on when the deadline has passed.
    func expire(at now: ContinuousClock.Instant) {
        guard let deadline, now >= deadline else { return }
        switch phase {
        case .reading where !hasSentNothing:
            startSending(HTTPResponse.text(408, "Request timeout.\n").encoded(includingBody: true), at: now)
        case .reading, .writing, .lingering:
            end()
        case .closed:
            break
        }
    }

    /// Closes the socket at once, whatever the phase.
    func end() {
        guard phase != .closed else { return }
        close(descriptor)
        phase = .closed
    }

    private func read(at now: ContinuousClock.Instant, respond: (Result<HTTPRequest, HTTPRequestParser.Failure>) -> [UInt8]) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = Sockets.receiveSome(descriptor, into: &buffer)
        guard count > 0 else {
            // Gone before asking (0), or failed; waiting is for the next poll.
            if count == 0 || !Sockets.lastCallWouldWait { end() }
            return
        }
        hasSentNothing = false
        switch parser.append(buffer[..<count]) {
        case .incomplete: break
        case .complete(let request): startSending(respond(.success(request)), at: now)
        case .failed(let failure): startSending(respond(.failure(failure)), at: now)
        }
    }

    private func startSending(_ bytes: [UInt8], at now: ContinuousClock.Instant) {
        outgoing = bytes
        sent = 0
        phase = .writing
        phaseDeadline = now + limits.sendDeadline
        write(at: now)
    }

    private func write(at now: ContinuousClock.Instant) {
        while sent < outgoing.count {
            let count = Sockets.sendSome(descriptor, outgoing, from: sent)
            guard count > 0 else {
                if count == 0 || !Sockets.lastCallWouldWait { end() }
                return
            }
            sent += count
        }
        outgoing = []
        shutdown(descriptor, Int32(SHUT_WR))
        phase = .lingering
        phaseDeadline = now + limits.linger
    }

    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = Sockets.receiveSome(descriptor, into: &buffer)
        if count > 0 {
            drained += count
            if drained > Self.maxDrained { end() }
        } else if count == 0 || !Sockets.lastCallWouldWait {
            end()
        }
    }
}
