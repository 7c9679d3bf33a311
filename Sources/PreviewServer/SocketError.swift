#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failed socket call, said as the system says it ("bind: Address already in use").
package struct SocketError: Error, CustomStringConvertible {
    package var call: String
    package var code: Int32

    package var description: String { "\(call): \(String(cString: strerror(code)))" }

    /// The failure of `call`, which set `errno` just now.
    static func last(_ call: String) -> SocketError {
        SocketError(call: call, code: errno)
    }
}
