import Foundation
import PreviewServer
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The preview's server in this process, with a handler that names the path it was asked for
/// and the times of each test: nothing waits for real time, and what is asserted is the order
/// of events (answered while idle connections are still open), never how long it took.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct HTTPServerTests {
    /// Times that never pass during a test.
    private static let patient: HTTPServerLimits = {
        var limits = HTTPServerLimits()
        limits.idleLimit = .seconds(3600)
        limits.requestDeadline = .seconds(3600)
        limits.sendDeadline = .seconds(3600)
        limits.linger = .seconds(3600)
        return limits
    }()

    /// A body larger than any socket buffer, which a client that does not read keeps unsent.
    private static let largeBody = [UInt8](repeating: 0x61, count: 16 * 1024 * 1024)

    private static func server(_ limits: HTTPServerLimits = patient) throws -> HTTPServer {
        try HTTPServer(port: 0, limits: limits) { _ in
            { request in
                request.path == "/large"
                    ? HTTPResponse(status: 200, contentType: "text/plain", body: largeBody)
                    : .text(200, "served \(request.path)\n")
            }
        }
    }

    /// Runs `body` with a server of `limits`, stopped afterwards whatever happens.
    private static func withServer(_ limits: HTTPServerLimits = patient, _ body: (HTTPServer) throws -> Void) async throws {
        let server = try server(limits)
        do {
            try body(server)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test func answersARequestThatNamesIt() async throws {
        try await Self.withServer { server in
            let reply = try HTTPProbe.request("GET", "/a?b", port: server.port)
            #expect(reply.status == 200 && reply.body == "served /a\n")
            #expect(reply.headers["connection"] == "close" && reply.headers["content-length"] == "10")
            #expect(reply.headers["cache-control"] == "no-store" && reply.headers["x-content-type-options"] == "nosniff")
            let head = try HTTPProbe.request("HEAD", "/a", port: server.port)
            #expect(head.status == 200 && head.body.isEmpty && head.headers["content-length"] == "10")
            #expect(try HTTPProbe.request("GET", "/", port: server.port, host: "evil.example").status == 421)
            #expect(try HTTPProbe.exchange(Array("GET / HTTP/2.0\r\n\r\n".utf8), port: server.port).status == 505)
            #expect(try HTTPProbe.exchange(Array("GET / HTTP/1.1 \r\n\r\n".utf8), port: server.port).status == 400)
        }
    }

    /// A hundred and fifty connections that send nothing, then a request: it is answered while
    /// every one of them is still open, neither answered nor cut.
    @Test func idleConnectionsDoNotHoldUpARequest() async throws {
        try await Self.withServer { server in
            var idle: [Int32] = []
            defer { for descriptor in idle { close(descriptor) } }
            for _ in 0..<150 { idle.append(try HTTPProbe.connectedSocket(port: server.port)) }
            #expect(try HTTPProbe.request("GET", "/now", port: server.port).body == "served /now\n")
            #expect(idle.allSatisfy(HTTPProbe.isOpenAndSilent), "the idle connections are still open")
        }
    }

    /// Past the limit of connections, each new one closes the oldest that sent nothing: the
    /// request (the newest) is answered, the connections opened just before it are still open.
    @Test func pastTheLimitTheOldestIdleConnectionMakesRoom() async throws {
        var limits = Self.patient
        limits.maxConnections = 8
        try await Self.withServer(limits) { server in
            var idle: [Int32] = []
            defer { for descriptor in idle { close(descriptor) } }
            for _ in 0..<20 { idle.append(try HTTPProbe.connectedSocket(port: server.port)) }
            #expect(try HTTPProbe.request("GET", "/now", port: server.port).body == "served /now\n")
            // 20 idle and the request through 8 places: the last 7 idle ones remain.
            #expect(idle[13...].allSatisfy(HTTPProbe.isOpenAndSilent))
            for descriptor in idle[..<13] {
                #expect(try HTTPProbe.receiveAll(from: descriptor).isEmpty, "closed without an answer")
            }
        }
    }

    /// A client that started its request is worth more than one that sent nothing yet.
    @Test func aConnectionThatSentNothingMakesRoomBeforeOneThatStarted() async throws {
        var limits = Self.patient
        limits.maxConnections = 2
        // Closed as soon as answered, so that only the two connections below hold places.
        limits.linger = .zero
        try await Self.withServer(limits) { server in
            let started = try HTTPProbe.connectedSocket(port: server.port)
            defer { close(started) }
            try HTTPProbe.send(Array("GET /started HTTP/1.1\r\n".utf8), on: started)
            // Once this is answered, the server has read what came before it.
            #expect(try HTTPProbe.request("GET", "/first", port: server.port).body == "served /first\n")
            let silent = try HTTPProbe.connectedSocket(port: server.port)
            defer { close(silent) }
            #expect(try HTTPProbe.request("GET", "/now", port: server.port).body == "served /now\n")
            #expect(try HTTPProbe.receiveAll(from: silent).isEmpty, "closed without an answer")
            try HTTPProbe.send(Array("Host: 127.0.0.1:\(server.port)\r\n\r\n".utf8), on: started)
            #expect(try HTTPProbe.parse(HTTPProbe.receiveAll(from: started)).body == "served /started\n")
        }
    }

    /// A client that does not read a large answer holds its connection, not the server.
    @Test func aClientThatDoesNotReadHoldsUpNoOne() async throws {
        try await Self.withServer { server in
            let slow = try HTTPProbe.connectedSocket(port: server.port)
            defer { close(slow) }
            try HTTPProbe.send(Array("GET /large HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n".utf8), on: slow)
            // The answer has started, and fills the socket's buffers.
            try Polling.until {
                var ready = pollfd(fd: slow, events: Int16(POLLIN), revents: 0)
                return poll(&ready, 1, 0) == 1
            }
            #expect(try HTTPProbe.request("GET", "/now", port: server.port).body == "served /now\n")
            let whole = try HTTPProbe.receiveAll(from: slow)
            let head = try HTTPProbe.parse(Array(whole.prefix(1024)))
            #expect(head.status == 200 && head.headers["content-length"] == "\(Self.largeBody.count)")
            let headLength = 1024 - head.body.utf8.count
            #expect(whole.count - headLength == Self.largeBody.count, "the slow client gets all of its answer")
        }
    }

    @Test func aConnectionThatSendsNothingIsClosedAfterTheIdleLimit() async throws {
        var limits = Self.patient
        limits.idleLimit = .milliseconds(20)
        try await Self.withServer(limits) { server in
            let descriptor = try HTTPProbe.connectedSocket(port: server.port)
            defer { close(descriptor) }
            #expect(try HTTPProbe.receiveAll(from: descriptor).isEmpty, "closed without an answer")
        }
    }

    @Test func aRequestNotWholeByItsDeadlineGets408() async throws {
        var limits = Self.patient
        limits.requestDeadline = .milliseconds(20)
        try await Self.withServer(limits) { server in
            let reply = try HTTPProbe.exchange(Array("GET / HTTP/1.1\r\n".utf8), port: server.port)
            #expect(reply.status == 408 && reply.body == "Request timeout.\n")
        }
    }

    /// Each byte would renew a per-read timeout; the linger is one deadline, so the server closes
    /// the connection and the client's sends then fail.
    @Test func aClientThatKeepsSendingAfterItsAnswerIsCutOff() async throws {
        var limits = Self.patient
        limits.linger = .milliseconds(20)
        try await Self.withServer(limits) { server in
            let descriptor = try HTTPProbe.connectedSocket(port: server.port)
            defer { close(descriptor) }
            try HTTPProbe.send(Array("GET /a HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n".utf8), on: descriptor)
            #expect(try HTTPProbe.parse(HTTPProbe.receiveAll(from: descriptor)).body == "served /a\n")
            var byte: UInt8 = 0x20
            try Polling.until { send(descriptor, &byte, 1, HTTPProbe.noSignal) != 1 }
            #expect(errno == EPIPE || errno == ECONNRESET, "errno \(errno)")
        }
    }

    @Test func tooLargeHeadersGet431() async throws {
        var limits = Self.patient
        limits.maxHeaderBytes = 256
        try await Self.withServer(limits) { server in
            let huge = "GET / HTTP/1.1\r\nX-Padding: " + String(repeating: "a", count: 256) + "\r\n\r\n"
            let reply = try HTTPProbe.exchange(Array(huge.utf8), port: server.port)
            #expect(reply.status == 431)
        }
    }

    @Test func stoppingClosesEverySocket() async throws {
        let server = try Self.server()
        let idle = try HTTPProbe.connectedSocket(port: server.port)
        defer { close(idle) }
        #expect(try HTTPProbe.request("GET", "/a", port: server.port).status == 200)
        await server.stop()
        #expect(try HTTPProbe.receiveAll(from: idle).isEmpty, "the idle connection is closed")
        #expect(throws: PreviewTestFailure.self) { try HTTPProbe.connectedSocket(port: server.port) }
        await server.stop()  // again: nothing more to do
    }

    @Test func aPortInUseIsRefused() async throws {
        try await Self.withServer { server in
            #expect {
                try HTTPServer(port: server.port) { _ in { _ in .text(200, "") } }
            } throws: { error in
                (error as? SocketError)?.description == "bind: Address already in use"
            }
        }
    }
}
