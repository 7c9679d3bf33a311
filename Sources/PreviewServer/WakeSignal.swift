#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Wakes the server's loop from another thread: a pipe whose read end the loop polls beside
/// its sockets. Both ends stay open until the last owner lets go, so that a late signal never
/// writes to a closed descriptor (or to one the system has given out again).
final class WakeSignal: Sendable {
    /// The end the loop polls.
    let readEnd: Int32
    private let writeEnd: Int32

    init() throws(SocketError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw .last("pipe") }
        readEnd = ends[0]
        writeEnd = ends[1]
        Sockets.makeNonBlocking(readEnd)
        Sockets.makeNonBlocking(writeEnd)
    }

    /// Wakes the loop. A full pipe already will.
    func signal() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Empties the pipe, so that the loop's next poll waits again.
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &buffer, buffer.count) > 0 {}
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }
}
