import AppDefModel

/// One published form of a raster image: one width, in one format.
public struct ImageVariant: Hashable, Sendable {
    /// The path in the output folder: `images/<name>-<width>-<hash>.<ext>`.
    public var path: String
    public var width: Int
    public var height: Int
    /// `image/webp`, or the fallback every browser shows: `image/jpeg`, `image/png` for an
    /// image with transparency, or `image/gif` for an animated one.
    public var mediaType: String
    var bytes: [UInt8]

    /// Whether it is in the modern format, offered first (`<source type="image/webp">`).
    var isModern: Bool { mediaType == ImageVariant.modernMediaType }

    static let modernMediaType = "image/webp"
}

extension [ImageVariant] {
    /// `path 384w, path 768w, ...`, each path after `base` (the page's way to the output folder).
    func sourceSet(base: String) -> String {
        map { "\(base)\($0.path) \($0.width)w" }.joined(separator: ", ")
    }
}
