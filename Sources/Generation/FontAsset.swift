import AppDefModel

/// A font the build made of a font file, published under a content-hashed name for an
/// `@font-face`: subset to the carousel's characters and compressed as WOFF2.
struct FontAsset: Hashable {
    /// What `format()` says of every published font.
    static let format = "woff2"

    /// The CSS family name the carousel gives it: `sab-` and the appDef's family id.
    var cssFamily: String
    /// `fonts/<name>-<hash>.woff2`.
    var outputPath: String
    var weight: String
    var style: String
    /// The WOFF2 bytes.
    var bytes: [UInt8]
    /// Whether it is a variable font, which the pages draw at the axes lint and the build
    /// checked it at (``FontProcessing/BrowserInstance``).
    var isVariable = false
}
