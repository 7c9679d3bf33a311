import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// HTTP/1.1 over a plain socket to 127.0.0.1: the request goes out exactly as written, with no
/// URL normalisation in the way.
enum HTTPProbe {
    struct Reply {
        var status: Int
        /// Lowercased names.
        var headers: [String: String]
        var body: String
    }

    /// `method target` with `Host: host` (by default the server's own address) and `Connection: close`.
    static func request(_ method: String, _ target: String, port: UInt16, host: String? = nil) throws -> Reply {
        let request = "\(method) \(target) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n\r\n"
        return try exchange(Array(request.utf8), port: port)
    }

    /// Sends `bytes` as they are (a request, or less, or nonsense) and reads the reply until
    /// the server closes the connection.
    static func exchange(_ bytes: [UInt8], port: UInt16) throws -> Reply {
        let descriptor = try connectedSocket(port: port)
        defer { close(descriptor) }
        try send(bytes, on: descriptor)
        return try parse(receiveAll(from: descriptor))
    }

    /// Sends all of `bytes` on a connected socket.
    static func send(_ bytes: [UInt8], on descriptor: Int32) throws {
        guard bytes.isEmpty || bytes.withUnsafeBytes({ Foundation.send(descriptor, $0.baseAddress, $0.count, noSignal) }) == bytes.count else {
            throw PreviewTestFailure(description: "send: errno \(errno)")
        }
    }

    /// What the server sends until it closes its side.
    static func receiveAll(from descriptor: Int32) throws -> [UInt8] {
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw PreviewTestFailure(description: "recv: errno \(errno) after \(response.count) bytes") }
            if count == 0 { return response }
            response += buffer[..<count]
        }
    }

    /// Whether the server has neither sent anything on `descriptor` nor closed it: a read that
    /// does not wait finds nothing to read.
    static func isOpenAndSilent(_ descriptor: Int32) -> Bool {
        var byte: UInt8 = 0
        return recv(descriptor, &byte, 1, Int32(MSG_DONTWAIT)) < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
    }

    /// A socket connected to the server, which the caller closes. A read waits at most a
    /// minute: a blocked call is the one hang a test's time limit cannot end.
    static func connectedSocket(port: UInt16) throws -> Int32 {
        #if os(Linux)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw PreviewTestFailure(description: "socket: errno \(errno)") }
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))

        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let code = errno
            close(descriptor)
            throw PreviewTestFailure(description: "connect to 127.0.0.1:\(port): errno \(code)")
        }
        return descriptor
    }

    /// A port free at this moment on 127.0.0.1 (the system's pick for a socket bound to port 0).
    static func freePort() throws -> UInt16 {
        #if os(Linux)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
        }
        guard bound else { throw PreviewTestFailure(description: "no free port: errno \(errno)") }
        return UInt16(bigEndian: address.sin_port)
    }

    static func parse(_ bytes: [UInt8]) throws -> Reply {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else { throw PreviewTestFailure(description: "no HTTP header in \(text.debugDescription)") }
        let lines = text[..<end.lowerBound].components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw PreviewTestFailure(description: "bad status line \(lines[0].debugDescription)")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Reply(status: status, headers: headers, body: String(text[end.upperBound...]))
    }

    #if os(Linux)
        /// A server gone away must not end the tests with SIGPIPE.
        static let noSignal = Int32(MSG_NOSIGNAL)
    #else
        static let noSignal: Int32 = 0
    #endif
}
