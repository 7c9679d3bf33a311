import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns SIGINT (Ctrl-C) and SIGTERM into an event a task can wait for, so that the preview stops
/// its server and exits 0 instead of being killed. Create it before anything could be signalled:
/// from then on the default handlers are off, and a signal is never lost.
final class StopSignals {
    private let sources: [any DispatchSourceSignal]
    private let received: AsyncStream<Int32>

    init(_ numbers: [Int32] = [SIGINT, SIGTERM]) {
        let (stream, continuation) = AsyncStream<Int32>.makeStream()
        let queue = DispatchQueue(label: "sab-onboarding.preview.signals")
        received = stream
        sources = numbers.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { continuation.yield(number) }
            source.resume()
            return source
        }
    }

    /// Waits for the first of the signals and returns its number.
    func next() async -> Int32 {
        for await number in received {
            return number
        }
        return SIGTERM
    }

    /// The signal's name, for the message that the preview stopped.
    static func name(of number: Int32) -> String {
        switch number {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        default: "signal \(number)"
        }
    }

    deinit {
        for source in sources { source.cancel() }
    }
}
