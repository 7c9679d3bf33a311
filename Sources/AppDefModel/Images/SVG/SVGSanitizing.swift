/// What publishing an SVG gives: the file as it is published, or why it is not.
package enum SVGSanitizing: Hashable, Sendable {
    /// The SVG rebuilt from what the allowlist keeps.
    case published(SanitizedSVG)
    /// The file is not an SVG that can be read safely: nothing of it is published.
    case refused(SVGRefusal)
}

/// An SVG as it is published: only what ``SVGAllowlist`` keeps, written anew.
package struct SanitizedSVG: Hashable, Sendable {
    /// The published bytes: UTF-8, the same for the same input.
    package var bytes: [UInt8]
    /// Its size in CSS pixels, from the root's `width`, `height` and `viewBox`.
    package var size: ImageSize?
    /// Why it has no ``size``, when it has none.
    package var sizeProblem: SVGSizeProblem?
    /// What was left out, each kind once, in the order first met: `<script>`, `the onload
    /// attribute`, `a link to 'https://…'`.
    package var removed: [String]
    /// The raster images it embeds that are published (the build makes each again).
    package var embeddedImages: [SVGEmbeddedImage] = []
    /// The embedded raster images left out, each with why: "the embedded PNG image at line 3,
    /// column 5 claims 20000×20000 pixels, ...".
    package var refusedImages: [String] = []
}

/// Why an SVG is not published, and where in it.
package struct SVGRefusal: Hashable, Sendable {
    package var reason: String
    package var line: Int
    package var column: Int
}
