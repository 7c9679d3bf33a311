import OnboardingKit

/// What the server shows: the latest build's outcome and the files of the latest good one. The
/// only mutable state of a preview, kept in an actor so that the watcher publishes builds while
/// the server's connections read them.
actor PreviewSite {
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
    }

    private(set) var snapshot = Snapshot(version: 0, files: [:], diagnostics: [], failed: true)

    /// Makes `build` the one served and returns its number.
    func publish(_ build: PreviewBuild) -> Int {
        snapshot.version += 1
        snapshot.diagnostics = build.diagnostics
        snapshot.failed = !build.succeeded
        if let files = build.files { snapshot.files = files }
        return snapshot.version
    }
}
