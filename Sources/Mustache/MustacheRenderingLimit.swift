/// The limit that stopped a rendering (see ``MustacheRenderer``).
package enum MustacheRenderingLimit: Error, Equatable {
    case outputLength
    case steps
    case partialDepth

    /// What was passed, for a diagnostic.
    package var explanation: String {
        switch self {
        case .outputLength: "its output passed \(MustacheRenderer.maximumOutputLength >> 20) MiB"
        case .steps: "it took more than \(MustacheRenderer.maximumSteps) steps"
        case .partialDepth: "its partials nest deeper than \(MustacheRenderer.maximumPartialDepth)"
        }
    }
}
