import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Collects what a pipe delivers and notes its end. A thread of its own reads it to the end:
/// Foundation's readabilityHandler on Linux is not always called at the end of a pipe, and
/// `FileHandle.read(upToCount:)` waits for the whole count, so a line the writer printed would
/// not show until 64 KiB had come. `read(2)` returns what has arrived.
final class OutputBuffer: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private var ended = false

    /// Reads the reading end of `pipe` until the writer closes it.
    func collect(from pipe: Pipe) {
        let descriptor = pipe.fileHandleForReading.fileDescriptor
        Thread { [self] in
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                // 0: the end of the pipe; below 0: a failed read, which ends it as well.
                guard count > 0 else { break }
                lock.withLock { data.append(contentsOf: chunk[..<count]) }
            }
            lock.withLock { ended = true }
        }.start()
    }

    var text: String {
        lock.withLock { String(decoding: data, as: UTF8.self) }
    }

    /// Whether the writer closed the pipe: everything it wrote is here.
    var isComplete: Bool {
        lock.withLock { ended }
    }
}
