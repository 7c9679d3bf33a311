import Foundation

/// Waiting for a condition without a fixed sleep or a wall-clock bound: it is checked again
/// every few milliseconds until it holds. A wait that never ends is the suite's time limit's to
/// end: it cancels the test, and the wait then throws.
enum Polling {
    static let interval: TimeInterval = 0.02

    /// Returns once `condition` holds; throws `CancellationError` when the test is cancelled.
    static func until(_ condition: () throws -> Bool) throws {
        while try !condition() {
            try Task.checkCancellation()
            Thread.sleep(forTimeInterval: interval)
        }
    }
}
