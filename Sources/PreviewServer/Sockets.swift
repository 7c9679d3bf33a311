#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few socket calls the server makes, over the C library, with the differences between
/// systems kept here. Every socket is non-blocking: one thread serves them all (see ``ServerLoop``).
enum Sockets {
    /// A non-blocking socket listening on `address`:`port` (`0`: a free port).
    static func openListener(on address: String, port: UInt16) throws(SocketError) -> Int32 {
        #if os(Linux)
            let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let listener = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard listener >= 0 else { throw .last("socket") }
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        makeNonBlocking(listener)

        var socketAddress = sockaddr_in()
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_port = port.bigEndian
        socketAddress.sin_addr.s_addr = inet_addr(address)
        let bound = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        // As many waiting connections as the system allows: the loop takes them one by one.
        guard bound == 0, listen(listener, SOMAXCONN) == 0 else {
            let failure = SocketError.last(bound == 0 ? "listen" : "bind")
            close(listener)
            throw failure
        }
        return listener
    }

    /// The port `listener` is bound to.
    static func localPort(of listener: Int32) throws(SocketError) -> UInt16 {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        guard named == 0 else { throw .last("getsockname") }
        return UInt16(bigEndian: address.sin_port)
    }

    /// The next waiting connection, made non-blocking; `-1` with `errno` set when there is none
    /// or it cannot be had.
    static func acceptConnection(from listener: Int32) -> Int32 {
        let connection = accept(listener, nil, nil)
        guard connection >= 0 else { return connection }
        makeNonBlocking(connection)
        #if canImport(Darwin)
            // A client gone away must not end the process with SIGPIPE (Linux: MSG_NOSIGNAL).
            var yes: Int32 = 1
            setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return connection
    }

    /// Sends what it can of `bytes` from `offset` without waiting: the count sent, or `-1` with
    /// `errno` set.
    static func sendSome(_ descriptor: Int32, _ bytes: [UInt8], from offset: Int) -> Int {
        bytes.withUnsafeBytes { send(descriptor, $0.baseAddress! + offset, $0.count - offset, noSignal) }
    }

    #if os(Linux)
        /// A client gone away must not end the process with SIGPIPE (Darwin: SO_NOSIGPIPE).
        private static let noSignal = Int32(MSG_NOSIGNAL)
    #else
        private static let noSignal: Int32 = 0
    #endif

    /// Reads what has arrived into `buffer`: the count read, `0` at the end of the client's
    /// input, or `-1` with `errno` set.
    static func receiveSome(_ descriptor: Int32, into buffer: inout [UInt8]) -> Int {
        buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
    }

    /// Whether the last call failed only because it would have had to wait, or was interrupted.
    static var lastCallWouldWait: Bool {
        errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR
    }

    static func makeNonBlocking(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        _ = fcntl(descriptor, F_SETFD, fcntl(descriptor, F_GETFD) | FD_CLOEXEC)
    }
}
