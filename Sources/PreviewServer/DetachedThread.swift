#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A thread of its own for work that blocks (a socket's accept loop, one connection), started
/// and left to end by itself: POSIX threads, so that nothing more than the C library is needed.
enum DetachedThread {
    /// The work, carried to the new thread.
    private final class Work {
        let body: @Sendable () -> Void

        init(_ body: @escaping @Sendable () -> Void) {
            self.body = body
        }
    }

    /// Starts `body` on a new thread. Returns the system's error code when no thread could be
    /// started, `nil` otherwise.
    static func start(_ body: @escaping @Sendable () -> Void) -> Int32? {
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        #if canImport(Darwin)
            var thread: pthread_t?
            let result = pthread_create(
                &thread, nil,
                { work in
                    Unmanaged<Work>.fromOpaque(work).takeRetainedValue().body()
                    return nil
                }, work)
        #else
            var thread = pthread_t()
            let result = pthread_create(
                &thread, nil,
                { work in
                    Unmanaged<Work>.fromOpaque(work!).takeRetainedValue().body()
                    return nil
                }, work)
        #endif
        guard result == 0 else {
            Unmanaged<Work>.fromOpaque(work).release()
            return result
        }
        #if canImport(Darwin)
            pthread_detach(thread!)
        #else
            pthread_detach(thread)
        #endif
        return nil
    }
}
