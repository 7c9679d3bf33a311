import OnboardingKit

/// One rendering of the appDef, held in memory.
struct PreviewBuild: Sendable {
    /// Every file `build` would write, by its path in the output folder; `nil` when the build has errors.
    var files: [String: [UInt8]]?
    /// Lint and template diagnostics, in reading order.
    var diagnostics: [Diagnostic]
    /// Whether the appDef could not be read at all (it is missing, say).
    var appDefUnreadable = false
    /// The review page and its style sheet and script, by name; made also when the build has
    /// errors (the page then shows them beside their screens). Empty when the appDef could not
    /// be read.
    var review: [String: [UInt8]] = [:]

    /// Whether the build has output (no error).
    var succeeded: Bool { files != nil }

    /// How many screen pages it has.
    var screenCount: Int { files?.keys.filter { $0.hasPrefix("screens/") }.count ?? 0 }
}
