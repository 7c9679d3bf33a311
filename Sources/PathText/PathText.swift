/// Paths as the tool carries them: in a `String`, whatever the bytes of the names.
///
/// A file name on Linux is bytes, and one from an old archive or another system may not be
/// UTF-8 (`caf\xE9.appDef`, written in Latin-1). A `String` cannot hold such bytes, and
/// `CommandLine.arguments` turns them into U+FFFD, so the file could not even be named. Here each
/// byte that is not part of valid UTF-8 rides in the string as a private-use character,
/// U+10FF00 plus the byte, is turned back into that byte where a path reaches the system, and is
/// shown as `\xE9` where a path is shown. The few real characters of that range (U+10FF80 to
/// U+10FFFF, never assigned) are carried as their bytes too, so that every path comes back
/// byte for byte.
package enum PathText {
    /// The private-use character that carries byte 0x80 + n is U+10FF80 + n.
    private static let carrierBase: UInt32 = 0x10FF00
    private static let carriers: ClosedRange<UInt32> = 0x10FF80...0x10FFFF

    /// The path `bytes` name, as a string: valid UTF-8 as it reads, any other byte carried.
    package static func string(fromBytes bytes: some Collection<UInt8>) -> String {
        let bytes = Array(bytes)
        var text = ""
        var index = 0
        while index < bytes.count {
            let length = validSequenceLength(in: bytes, at: index)
            if length > 0 {
                let scalar = String(decoding: bytes[index..<index + length], as: UTF8.self).unicodeScalars.first!
                if !carriers.contains(scalar.value) {
                    text.unicodeScalars.append(scalar)
                    index += length
                    continue
                }
            }
            text.unicodeScalars.append(Unicode.Scalar(carrierBase + UInt32(bytes[index]))!)
            index += 1
        }
        return text
    }

    /// The bytes a path names: what ``string(fromBytes:)`` was given.
    package static func bytes(of path: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if carriers.contains(scalar.value) {
                bytes.append(UInt8(scalar.value - carrierBase))
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        return bytes
    }

    /// Whether `scalar` carries a byte that is not UTF-8.
    package static func isCarrier(_ scalar: Unicode.Scalar) -> Bool {
        carriers.contains(scalar.value)
    }

    /// The path with each carried byte written `\xE9`, as shells and compilers show such bytes.
    package static func shown(_ path: String) -> String {
        guard path.unicodeScalars.contains(where: isCarrier) else { return path }
        var shown = ""
        for scalar in path.unicodeScalars {
            if isCarrier(scalar) {
                shown += "\\x" + String(scalar.value - carrierBase, radix: 16, uppercase: true)
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    /// Calls `body` with the path's bytes as a C string, for the system's calls.
    package static func withCString<Result>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        guard path.unicodeScalars.contains(where: isCarrier) else { return try path.withCString(body) }
        let bytes = bytes(of: path).map { CChar(bitPattern: $0) } + [0]
        return try bytes.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// How many bytes from `index` make one well-formed UTF-8 sequence (Unicode's table 3-7),
    /// or 0 when the byte there starts none.
    private static func validSequenceLength(in bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        let secondRange: ClosedRange<UInt8>
        let length: Int
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: (length, secondRange) = (2, 0x80...0xBF)
        case 0xE0: (length, secondRange) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (length, secondRange) = (3, 0x80...0xBF)
        case 0xED: (length, secondRange) = (3, 0x80...0x9F)
        case 0xF0: (length, secondRange) = (4, 0x90...0xBF)
        case 0xF1...0xF3: (length, secondRange) = (4, 0x80...0xBF)
        case 0xF4: (length, secondRange) = (4, 0x80...0x8F)
        default: return 0
        }
        guard index + length <= bytes.count, secondRange.contains(bytes[index + 1]) else { return 0 }
        for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) { return 0 }
        return length
    }
}
