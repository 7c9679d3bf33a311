/// The bytes of a font, read where they are needed: a font in memory, or a file read a window
/// at a time, so that checking a font's structure reads its header and table directory, never
/// the megabytes of its glyphs.
package protocol FontBytes {
    /// How many bytes there are.
    var byteCount: Int { get }
    /// `count` bytes from `offset`, or `nil` when they are not all there (or cannot be read).
    func bytes(from offset: Int, count: Int) -> [UInt8]?
}

extension Array: FontBytes where Element == UInt8 {
    package var byteCount: Int { count }

    package func bytes(from offset: Int, count length: Int) -> [UInt8]? {
        guard offset >= 0, length >= 0, offset <= count - length else { return nil }
        return Array(self[offset..<(offset + length)])
    }
}

/// Big-endian numbers of a font's tables, read from a slice of its bytes, and written.
extension Array where Element == UInt8 {
    /// `value`'s bytes, most significant first, as a font's tables hold numbers.
    static func bigEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        Swift.withUnsafeBytes(of: value.bigEndian) { Array($0) }
    }

    func uint16(at offset: Int) -> UInt16 {
        UInt16(self[offset]) << 8 | UInt16(self[offset + 1])
    }

    func uint32(at offset: Int) -> UInt32 {
        UInt32(self[offset]) << 24 | UInt32(self[offset + 1]) << 16 | UInt32(self[offset + 2]) << 8 | UInt32(self[offset + 3])
    }
}
