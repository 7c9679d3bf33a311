/// The ids of the diagnostics the build reports as well as (or instead of) lint: a file lint
/// found sound that the build cannot decode, and a cache the build did not use. The rules and
/// the reports that list them are above the build, so the ids live below both.
package enum BuildDiagnosticID {
    /// An image the build could not decode (the rule `image-not-decodable`).
    package static let imageNotDecodable = "image-not-decodable"
    /// A font the build could not publish (the rule `font-not-a-font`).
    package static let fontNotAFont = "font-not-a-font"
    /// The images' cache was not used: the images were made again.
    package static let imageCacheNotUsed = "image-cache-not-used"
    /// The web fonts' cache was not used: the fonts were made again.
    package static let fontCacheNotUsed = "font-cache-not-used"
    /// A font the build will not publish, or cannot: the font libraries are missing, its whole
    /// font is too large, its glyphs are bitmaps alone, its `kern` holds more than kerning pairs.
    package static let fontNotPublished = "font-not-published"
    /// A font published whole, its subset not shaping as it does.
    package static let fontPublishedWhole = "font-published-whole"
}
