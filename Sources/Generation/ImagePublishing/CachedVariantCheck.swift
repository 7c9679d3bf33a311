import AppDefModel
internal import ImageProcessing

/// Whether variants from the cache are what the build would make of a source, checked as any
/// input is: the cache is a folder anyone with the user's rights can write (a cache restored
/// in CI, a shared cache home), never published on trust.
///
/// Each variant must be an image of its listed type and size, in order of width and none wider
/// than the build makes it, in the source's proportions, with as many frames as the source at most
/// (a still has one); hold nothing but its pixels (no EXIF, XMP, colour profile, comment or
/// text) and nothing after its end; and decode whole with libvips, failing on any warning.
/// A picture of the same type and size that passes all of this is published: the cache can
/// hold no proof of where its pictures came from that whoever writes it could not forge.
///
/// The structure is walked first (cheap); the decode is the cost: WebP and JPEG are decoded at
/// an eighth of their size, which still reads every byte of their compressed data.
struct CachedVariantCheck {
    /// The widths the WebP variants are asked for, and the fallback's.
    var widths: [Int]
    var fallbackWidth: Int
    /// The source's size upright, as the build turns it: a photo stored 4000×3000 whose EXIF
    /// orientation browsers apply (and the build with them) is 3000×4000.
    var sourceSize: ImageSize
    /// The quality the build encodes JPEGs at: a cached JPEG has its quantization tables.
    var quality: Int
    /// Whether the variants move; their frames are at most `sourceFrames`.
    var isAnimated: Bool
    var sourceFrames: Int

    /// Why `entries` cannot be published, or `nil` when they can.
    func problem(with entries: [ImageVariantCache.Entry]) -> String? {
        guard let fallback = entries.last, entries.count >= 2 else { return "it lists \(entries.count) variant(s), not WebP ones and a fallback" }
        let fallbackTypes = isAnimated ? ["image/gif"] : ["image/jpeg", "image/png"]
        let modern = entries.dropLast()
        guard modern.allSatisfy({ $0.mediaType == ImageVariant.modernMediaType }), fallbackTypes.contains(fallback.mediaType) else {
            return "it lists \(entries.map(\.mediaType).joined(separator: ", ")), not WebP variants and a \(fallbackTypes.joined(separator: " or ")) fallback"
        }
        guard zip(modern, modern.dropFirst()).allSatisfy({ $0.width < $1.width }) else { return "its WebP variants are not in order of width" }
        for entry in entries {
            if let problem = problem(with: entry, isFallback: entry == fallback) {
                return "the \(entry.width)-pixel \(entry.mediaType.dropFirst("image/".count).uppercased()) \(problem)"
            }
        }
        return nil
    }

    /// Why one variant cannot be published, to follow its description.
    private func problem(with entry: ImageVariantCache.Entry, isFallback: Bool) -> String? {
        let largest = isFallback ? fallbackWidth : (widths.last ?? 0)
        guard entry.width <= largest, entry.height <= ImageVariantWidths.largestSide else {
            return "is \(entry.width)×\(entry.height), larger than the build makes it"
        }
        guard isInProportion(entry) else {
            return "is \(entry.width)×\(entry.height), not in the proportions of the \(sourceSize.width)×\(sourceSize.height) source"
        }
        guard let format = ImagePublisher.formats[entry.mediaType], ImageInspector.rasterFormat(of: entry.bytes) == format else {
            return "holds no image of its type"
        }
        guard ImageInspector.rasterSize(of: entry.bytes, format: format) == ImageSize(width: entry.width, height: entry.height) else {
            return "is not the \(entry.width)×\(entry.height) image it is listed as"
        }
        // The build's PNG is the fallback of an image with alpha, and has an alpha channel
        // (colour types 4 and 6): a palette or RGB one is not its own.
        if format == .png, entry.bytes.count > 25, ![4, 6].contains(entry.bytes[25]) {
            return "has no alpha channel (its colour type is \(entry.bytes[25])), which the build's PNG has"
        }
        guard let structure = ImageStructure.read(entry.bytes, format: format), let end = structure.end else { return "is cut short" }
        if end < entry.bytes.count { return "has \(entry.bytes.count - end) bytes after its end" }
        if !structure.extras.isEmpty { return "holds \(ShortList.text(structure.extras))" }
        if structure.hasPNGAnimationChunks { return "holds animation chunks, which the build's PNG, a still, does not" }
        guard isAnimated ? structure.frameCount <= sourceFrames : structure.frameCount == 1 else {
            return "has \(structure.frameCount) frames, where the source has \(sourceFrames)"
        }
        // What the walk above does not name: anything but the build's own layout.
        if let problem = CachedVariantLayout.problem(
            in: entry.bytes, format: format, width: entry.width, height: entry.height, animated: isAnimated, quality: quality)
        {
            return problem
        }
        if let failure = ImageProcessor.problemDecoding(
            entry.bytes, format: ImageProcessor.Format(named: format.rawValue), width: entry.width, height: entry.height, allFrames: isAnimated)
        {
            return "does not decode: \(failure.description)"
        }
        // The build keeps each pixel's colour as browsers keep it; a message written under
        // fully transparent pixels (round 38), or in the low bits of nearly transparent ones
        // (round 39), decoded as the build's own picture.
        if format == .png, (try? ImageProcessor.hasColourNotDrawn(entry.bytes)) != false {
            return "has colour under its transparent pixels that browsers do not draw, which the build never writes"
        }
        return nil
    }

    /// Whether a variant has the upright source's proportions, to the rounding of a side to
    /// whole pixels. Its proportions turned a quarter are another picture: the build turns a
    /// photo only as browsers turn it.
    private func isInProportion(_ entry: ImageVariantCache.Entry) -> Bool {
        let (width, height) = (sourceSize.width, sourceSize.height)
        return abs(entry.width * height - entry.height * width) <= max(width, height)
    }
}
