#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A mutex and its condition variable (POSIX threads), for state shared by the server's threads.
final class ConditionLock: @unchecked Sendable {
    // Allocated, not stored properties: a pthread mutex must not move in memory.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` holding the lock.
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Wakes every thread waiting in ``wait(until:)``. Call it holding the lock.
    func broadcast() {
        pthread_cond_broadcast(condition)
    }

    /// Releases the lock until a broadcast or `deadline`, then takes it again. Returns `false`
    /// when the deadline has passed. Call it holding the lock, in a loop that checks what it
    /// waits for: a wait may also end for no reason.
    func wait(until deadline: ContinuousClock.Instant) -> Bool {
        let remaining = ContinuousClock.now.duration(to: deadline)
        guard remaining > .zero else { return false }
        // The condition's clock is the wall clock; the deadline is turned into its time.
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let nanoseconds = Int(now.tv_nsec) + Int(remaining.components.attoseconds / 1_000_000_000)
        var wallDeadline = timespec()
        wallDeadline.tv_sec = now.tv_sec + Int(remaining.components.seconds) + nanoseconds / 1_000_000_000
        wallDeadline.tv_nsec = nanoseconds % 1_000_000_000
        return pthread_cond_timedwait(condition, mutex, &wallDeadline) != ETIMEDOUT
    }
}
