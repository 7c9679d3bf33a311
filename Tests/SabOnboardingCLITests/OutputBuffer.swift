import Foundation

/// Collects what a pipe delivers, from Foundation's reading thread, and notes its end.
final class OutputBuffer: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private var ended = false

    /// Attaches the buffer to the reading end of `pipe`.
    func collect(from pipe: Pipe) {
        pipe.fileHandleForReading.readabilityHandler = { [self] handle in
            let chunk = handle.availableData
            if chunk.isEmpty {
                handle.readabilityHandler = nil
                lock.withLock { ended = true }
            } else {
                lock.withLock { data.append(chunk) }
            }
        }
    }

    var text: String {
        lock.withLock { String(decoding: data, as: UTF8.self) }
    }

    /// Whether the writer closed the pipe: everything it wrote is here.
    var isComplete: Bool {
        lock.withLock { ended }
    }
}
