internal import CZlib

/// zlib's inflating, for what the build reads of compressed data: a WOFF 1.0 font's tables and
/// the data of a PNG it takes from its cache. zlib is loaded (`dlopen`) once for the process,
/// when first needed.
package enum Zlib {
    /// Why zlib could not be used: it is missing, or too old.
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package let description: String
    }

    private static let loadFailure: Failure? = {
        var message = [CChar](repeating: 0, count: 512)
        guard czlib_load(&message, message.count) != 0 else { return nil }
        return Failure(description: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }()

    /// What the zlib stream at the start of `data` inflates to, and how many bytes of `data` it
    /// takes, when it is one whole stream, its Adler-32 holding, of exactly `length` bytes
    /// inflated; nil when it is not. Throws when zlib cannot be loaded.
    package static func inflate(_ data: [UInt8], toExactly length: Int) throws(Failure) -> (bytes: [UInt8], consumed: Int)? {
        if let loadFailure { throw loadFailure }
        var inflated = [UInt8](repeating: 0, count: length)
        var consumed = 0
        let status = data.withUnsafeBufferPointer { source in
            inflated.withUnsafeMutableBufferPointer { czlib_inflate(source.baseAddress, source.count, $0.baseAddress, $0.count, &consumed) }
        }
        return status == 0 ? (inflated, consumed) : nil
    }
}
