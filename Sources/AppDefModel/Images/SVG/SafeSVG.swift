/// The SVG a build publishes for an SVG file: for tools and tests outside the build (the fuzz
/// targets) that need what ``SVGSanitizer`` makes of some bytes.
public enum SafeSVG {
    /// The bytes the build publishes for `bytes`, but for the raster images it embeds, which the
    /// build makes again with libvips; `nil` when it refuses them.
    public static func publishedBytes(of bytes: [UInt8]) -> [UInt8]? {
        guard case .published(let svg) = SVGSanitizer.sanitize(bytes, documentName: "image.svg") else { return nil }
        return svg.bytes
    }
}
