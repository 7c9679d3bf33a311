/// HMAC-SHA256 (RFC 2104) over the project's ``SHA256``: a code only the holder of the key can
/// make for a message, so that files the tool wrote can be told from files someone else put in
/// their place (see ``CacheSeal``).
package enum HMACSHA256 {
    private static let blockSize = 64

    /// The 32-byte code of `message` under `key`.
    package static func code(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var block = key.count > blockSize ? SHA256.digest(of: key) : key
        block += [UInt8](repeating: 0, count: blockSize - block.count)
        let inner = SHA256.digest(of: block.map { $0 ^ 0x36 } + message)
        return SHA256.digest(of: block.map { $0 ^ 0x5c } + inner)
    }

    /// Whether two codes are equal, in a time that does not depend on where they differ.
    package static func matches(_ code: [UInt8], _ expected: [UInt8]) -> Bool {
        guard code.count == expected.count else { return false }
        return zip(code, expected).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
