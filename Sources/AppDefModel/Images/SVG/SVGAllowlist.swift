/// What a published SVG may hold: drawing, text, paint servers, clipping, masking, markers and
/// the common filter effects, with their geometric and presentation attributes. Everything else
/// (scripts, event handlers, `foreignObject`, animation, links out, editors' own data) is left
/// out of the published file. An allowlist, not a blocklist: what SVG adds tomorrow stays out
/// until it is known to be safe.
package enum SVGAllowlist {
    static let elements: Set<String> = [
        "svg", "g", "defs", "symbol", "use", "title", "desc", "style", "switch",
        "path", "rect", "circle", "ellipse", "line", "polyline", "polygon",
        "text", "tspan", "textPath",
        "linearGradient", "radialGradient", "stop", "pattern", "clipPath", "mask", "marker", "image",
        "filter", "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite", "feDropShadow", "feFlood",
        "feFuncA", "feFuncB", "feFuncG", "feFuncR", "feGaussianBlur", "feMerge", "feMergeNode", "feMorphology",
        "feOffset", "feTile", "feTurbulence",
    ]

    /// Attributes without a prefix, on any allowed element.
    package static let attributes: Set<String> = [
        // Identity, structure and geometry.
        "id", "class", "style", "transform", "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry", "fx", "fy", "fr",
        "width", "height", "d", "points", "pathLength", "viewBox", "preserveAspectRatio", "version", "href", "lang",
        // Painting.
        "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin",
        "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset", "stroke-opacity", "opacity", "color", "display",
        "visibility", "clip-path", "clip-rule", "mask", "filter", "overflow", "paint-order", "vector-effect",
        "shape-rendering", "text-rendering", "image-rendering", "color-interpolation", "color-interpolation-filters",
        "isolation", "mix-blend-mode",
        // Text.
        "font-family", "font-size", "font-weight", "font-style", "font-variant", "font-stretch", "text-anchor",
        "dominant-baseline", "alignment-baseline", "baseline-shift", "letter-spacing", "word-spacing",
        "text-decoration", "writing-mode", "direction", "unicode-bidi", "dx", "dy", "rotate", "textLength",
        "lengthAdjust", "startOffset",
        // Paint servers, clipping, masking and markers.
        "offset", "stop-color", "stop-opacity", "gradientUnits", "gradientTransform", "spreadMethod",
        "patternUnits", "patternContentUnits", "patternTransform", "clipPathUnits", "maskUnits", "maskContentUnits",
        "markerWidth", "markerHeight", "markerUnits", "refX", "refY", "orient", "marker-start", "marker-mid", "marker-end",
        // Filter effects.
        "filterUnits", "primitiveUnits", "in", "in2", "result", "stdDeviation", "mode", "type", "values", "operator",
        "k1", "k2", "k3", "k4", "flood-color", "flood-opacity", "lighting-color", "tableValues", "slope", "intercept",
        "amplitude", "exponent", "radius", "baseFrequency", "numOctaves", "seed", "stitchTiles",
        // `switch` picks by these; none of them loads anything.
        "requiredFeatures", "requiredExtensions", "systemLanguage",
    ]

    /// Prefixed attributes kept: the XLink reference (checked like `href`) and the XML ones.
    static let prefixedAttributes: Set<String> = ["xlink:href", "xml:space", "xml:lang"]

    /// Attributes that name another resource; only a fragment of the same file (`#id`) is kept,
    /// and on `<image>` also an embedded raster image (`data:image/png;base64,...`), checked
    /// as an image file is (``SVGEmbeddedImage``).
    static let references: Set<String> = ["href", "xlink:href"]

    /// The embedded raster images `<image>` may carry, by the start of their `data:` URI:
    /// formats every browser shows, which run nothing. The bytes must be of the format declared.
    package static let embeddedImagePrefixes: [(prefix: String, format: ImageFormat)] = [
        ("data:image/png;base64,", .png), ("data:image/jpeg;base64,", .jpeg), ("data:image/gif;base64,", .gif), ("data:image/webp;base64,", .webp),
    ]
}
