import Dispatch
import OnboardingKit

/// What the server shows: the latest build's outcome and the files of the latest good one. The
/// only mutable state of a preview: the watcher publishes builds while the server's thread reads
/// them, each under a serial queue that serves as the lock.
final class PreviewSite: Sendable {
    /// What one request sees: a consistent copy (the files are shared, not copied).
    struct Snapshot: Sendable {
        /// The build counter: 1 for the first build, one more for each rebuild.
        var version: Int
        /// The output of the latest build without errors; empty before the first.
        var files: [String: [UInt8]]
        /// The diagnostics of the latest build.
        var diagnostics: [Diagnostic]
        /// Whether the latest build has errors: pages then show them instead of the carousel.
        var failed: Bool
        /// The review page of the latest build, by name; empty when the appDef could not be read.
        var review: [String: [UInt8]] = [:]
    }

    private let queue = DispatchQueue(label: "sab-onboarding.preview.site")
    nonisolated(unsafe) private var current = Snapshot(version: 0, files: [:], diagnostics: [], failed: true)

    /// The latest build, as a request sees it.
    var snapshot: Snapshot {
        queue.sync { current }
    }

    /// Makes `build` the one served and returns its number.
    func publish(_ build: PreviewBuild) -> Int {
        queue.sync {
            current.version += 1
            current.diagnostics = build.diagnostics
            current.failed = !build.succeeded
            current.review = build.review
            if let files = build.files { current.files = files }
            return current.version
        }
    }
}
