/// An image file format that onboarding screens may reference.
///
/// The first five cases are shown by every current browser (and so by the app's web view)
/// and are accepted. The others are recognised only so that diagnostics can name what a
/// file really is, e.g. "this .png is actually a HEIC photo".
public enum ImageFormat: String, Sendable, CaseIterable, Hashable {
    /// Portable Network Graphics.
    case png
    /// JPEG / JFIF / Exif.
    case jpeg
    /// Graphics Interchange Format (87a or 89a).
    case gif
    /// WebP, lossy, lossless or extended.
    case webp
    /// Scalable Vector Graphics (uncompressed XML text).
    case svg
    /// Windows bitmap: recognised but not accepted.
    case bmp
    /// Tagged Image File Format: recognised but not accepted.
    case tiff
    /// HEIF/HEIC (typically iPhone photos): recognised but not accepted.
    case heic
    /// AV1 Image File Format: recognised but not accepted (not yet shown by every web view).
    case avif
    /// Windows icon: recognised but not accepted.
    case ico
    /// Adobe Photoshop document: recognised but not accepted.
    case psd

    /// The formats the build publishes as smaller variants, an animated GIF or WebP as
    /// animated ones; SVGs, which are vector, are published made safe.
    static let resizedByTheBuild: Set<ImageFormat> = [.png, .jpeg, .gif, .webp]

    /// Whether every browser displays this format, so it may be used on an onboarding screen.
    public var isSupported: Bool {
        switch self {
        case .png, .jpeg, .gif, .webp, .svg: true
        case .bmp, .tiff, .heic, .avif, .ico, .psd: false
        }
    }

    /// The name to show to people in diagnostics, e.g. "WebP" or "Photoshop (PSD)".
    public var displayName: String {
        switch self {
        case .png: "PNG"
        case .jpeg: "JPEG"
        case .gif: "GIF"
        case .webp: "WebP"
        case .svg: "SVG"
        case .bmp: "BMP"
        case .tiff: "TIFF"
        case .heic: "HEIC"
        case .avif: "AVIF"
        case .ico: "ICO"
        case .psd: "Photoshop (PSD)"
        }
    }

    /// The usual file extension (without the dot) to suggest when renaming a file, e.g. "jpg".
    public var preferredExtension: String {
        self == .jpeg ? "jpg" : rawValue
    }

    /// The format a file extension (without the dot) claims, case-insensitively;
    /// `nil` when the extension is not one of the known image extensions.
    ///
    /// Several spellings map to one format: jpg/jpeg/jpe/jfif → ``jpeg``,
    /// tif/tiff → ``tiff``, heif/heic → ``heic``.
    public static func fromFileExtension(_ ext: String) -> ImageFormat? {
        switch ext.lowercased() {
        case "png": .png
        case "jpg", "jpeg", "jpe", "jfif": .jpeg
        case "gif": .gif
        case "webp": .webp
        case "svg": .svg
        case "bmp": .bmp
        case "tif", "tiff": .tiff
        case "heic", "heif": .heic
        case "avif": .avif
        case "ico": .ico
        case "psd": .psd
        default: nil
        }
    }
}
