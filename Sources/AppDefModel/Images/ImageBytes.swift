import SystemPackage

/// The bytes of an image, read where they are needed. An image in memory is one; an image file
/// is read a window at a time, so that checking a photo of 60 MB reads its headers and the
/// structure that says where it ends, never all of it into memory at once.
package protocol ImageBytes {
    /// How many bytes there are.
    var count: Int { get }
    /// `count` bytes from `offset`, or `nil` when they are not all there (or cannot be read).
    func bytes(at offset: Int, count: Int) -> [UInt8]?
    /// The byte at `offset`, or `nil` past the end (or when it cannot be read); nothing is copied.
    func byte(at offset: Int) -> UInt8?
    /// Where the first `byte` at or after `offset` is, or `nil` when there is none (or the rest
    /// cannot be read): a scan of the bytes where they are, copying nothing, so that scanning a
    /// JPEG's data for its markers reads each byte once.
    func firstIndex(of byte: UInt8, from offset: Int) -> Int?
}

extension Array: ImageBytes where Element == UInt8 {
    package func bytes(at offset: Int, count length: Int) -> [UInt8]? {
        guard offset >= 0, length >= 0, offset <= count - length else { return nil }
        return Array(self[offset..<(offset + length)])
    }

    package func byte(at offset: Int) -> UInt8? {
        indices.contains(offset) ? self[offset] : nil
    }

    package func firstIndex(of byte: UInt8, from offset: Int) -> Int? {
        guard offset >= 0, offset < count else { return nil }
        return self[offset...].firstIndex(of: byte)
    }
}

/// An open regular file read through a window of 64 KB: walking a format's structure from the
/// start reads each part of the file once, and memory stays flat whatever the file's size.
package final class ImageFileBytes: ImageBytes {
    package let count: Int
    private let file: FileDescriptor
    private var windowStart = 0
    private var window: [UInt8] = []
    private static let windowSize = 1 << 16

    /// The regular file at `path` (a link is followed); `nil` when it cannot be opened or is
    /// not a regular file.
    package init?(path: String) {
        guard let (file, size) = RegularFile.open(path) else { return nil }
        self.file = file
        self.count = size
    }

    /// The regular file open at `file`, of `count` bytes; closed with this.
    init(file: FileDescriptor, count: Int) {
        self.file = file
        self.count = count
    }

    deinit { try? file.close() }

    package func bytes(at offset: Int, count length: Int) -> [UInt8]? {
        guard offset >= 0, length >= 0, offset <= count - length else { return nil }
        if length > Self.windowSize { return read(at: offset, count: length) }
        if offset < windowStart || offset + length > windowStart + window.count {
            guard let read = read(at: offset, count: min(Self.windowSize, count - offset)) else { return nil }
            windowStart = offset
            window = read
        }
        let start = offset - windowStart
        return Array(window[start..<(start + length)])
    }

    package func byte(at offset: Int) -> UInt8? {
        guard offset >= 0, offset < count, moveWindow(to: offset) else { return nil }
        return window[offset - windowStart]
    }

    package func firstIndex(of byte: UInt8, from offset: Int) -> Int? {
        var start = max(offset, 0)
        while start < count {
            guard moveWindow(to: start) else { return nil }
            if let found = window[(start - windowStart)...].firstIndex(of: byte) { return windowStart + found }
            start = windowStart + window.count
        }
        return nil
    }

    /// Makes the window hold the byte at `offset` (within the file), reading the 64 KB from it
    /// when it does not; `false` when they cannot be read.
    private func moveWindow(to offset: Int) -> Bool {
        if offset >= windowStart, offset < windowStart + window.count { return true }
        guard let read = read(at: offset, count: min(Self.windowSize, count - offset)) else { return false }
        windowStart = offset
        window = read
        return true
    }

    /// Exactly `length` bytes at `offset`, going on after partial reads; `nil` when the file
    /// ends sooner (it shrank since it was opened) or a read fails.
    private func read(at offset: Int, count length: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: length)
        var done = 0
        while done < length {
            let read = try? bytes.withUnsafeMutableBytes { buffer in
                try file.read(fromAbsoluteOffset: Int64(offset + done), into: UnsafeMutableRawBufferPointer(rebasing: buffer[done...]), retryOnInterrupt: true)
            }
            guard let read, read > 0 else { return nil }
            done += read
        }
        return bytes
    }
}
