import Foundation

/// Waiting for a condition without a fixed sleep or a wall-clock bound: it is checked again
/// every few milliseconds until it holds; the suite's time limit ends a wait that never does.
enum Polling {
    static let interval: TimeInterval = 0.02

    /// Returns once `condition` holds.
    static func until(_ condition: () throws -> Bool) rethrows {
        while try !condition() {
            Thread.sleep(forTimeInterval: interval)
        }
    }
}
