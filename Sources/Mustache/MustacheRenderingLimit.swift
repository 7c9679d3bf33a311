/// A limit of ``MustacheRenderer`` that a rendering passed.
package enum MustacheRenderingLimit: Error, Hashable, Sendable {
    /// The output grew past ``MustacheRenderer/maximumOutputLength``.
    case outputLength
    /// The rendering took more than ``MustacheRenderer/maximumSteps``.
    case steps
    /// Partials nested deeper than ``MustacheRenderer/maximumPartialDepth``.
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
