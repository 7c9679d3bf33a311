/// A raster image an SVG embeds in an `<image>` as a `data:` URI. It is checked as an image file
/// is: its format sniffed from its bytes and matching the type the URI declares, its size read,
/// its data whole, its pixels and its frames within the limits (``ImageCompleteness``). The
/// build then makes it again with libvips, without metadata; one that fails a check is left out
/// of the published SVG.
package struct SVGEmbeddedImage: Hashable, Sendable {
    package var format: ImageFormat
    package var bytes: [UInt8]
    package var size: ImageSize
    /// How many frames it has (``ImageStructure/frameCount``).
    package var frameCount: Int
    /// Whether it is an animated PNG, which libvips reads the default image of.
    package var isAnimatedPNG: Bool
    /// The pixels decoding it takes: its frames' extent, times its frames when it is animated.
    var decodedPixels: Int
    /// Where its `<image>` is in the SVG.
    package var line: Int
    package var column: Int
    /// Where its `data:` URI is in the published SVG's bytes, for the build to put the image
    /// made again in its place.
    package var range: Range<Int>

    /// Whether it is published animated: a GIF or WebP of more than one frame.
    package var isAnimated: Bool { [.gif, .webp].contains(format) && frameCount > 1 }

    /// "the embedded PNG image at line 3, column 5", for diagnostics about the SVG file.
    package var description: String { Self.describe(format, line: line, column: column) }

    static func describe(_ format: ImageFormat, line: Int, column: Int) -> String {
        "the embedded \(format.displayName) image at line \(line), column \(column)"
    }

    /// What an `<image>`'s reference holds, when it is a `data:` URI of one of the allowed
    /// types: the image's bytes and what they are, or why they are not published. `nil` for
    /// any other reference.
    package static func read(_ reference: String) -> Reading? {
        guard let (prefix, declared) = SVGAllowlist.embeddedImagePrefixes.first(where: { reference.hasPrefix($0.prefix) }) else { return nil }
        guard let bytes = Base64.decode(reference.utf8.dropFirst(prefix.utf8.count)) else {
            return .refused(format: declared, reason: "is not whole Base64")
        }
        guard let sniffed = ImageInspector.rasterFormat(of: bytes) else {
            return .refused(format: declared, reason: "is no image: its bytes are of no image format known")
        }
        guard sniffed == declared else {
            return .refused(format: declared, reason: "is declared as \(declared.displayName) but holds a \(sniffed.displayName) image")
        }
        guard let size = ImageInspector.rasterSize(of: bytes, format: sniffed) else {
            return .refused(format: declared, reason: "has a size that cannot be read: it is damaged or cut short")
        }
        let structure = ImageStructure.read(bytes, format: sniffed)
        if let problem = ImageCompleteness.problem(with: structure, size: size) {
            return .refused(format: declared, reason: problem)
        }
        let frames = structure?.frameCount ?? 1
        let isAnimated = [.gif, .webp].contains(sniffed) && frames > 1
        let (pixels, overflow) = (structure?.extent ?? size).pixelCount.multipliedReportingOverflow(by: isAnimated ? frames : 1)
        return .image(
            format: sniffed, bytes: bytes, size: size, frameCount: frames, isAnimatedPNG: structure?.isAnimatedPNG ?? false,
            decodedPixels: overflow ? .max : pixels)
    }

    /// The most raster images one SVG may embed: each is a picture libvips reads at lint and
    /// makes again at build, some milliseconds each. A drawing holding more is a collage, better
    /// exported as one image.
    static let maximumCount = 100

    /// The most pixels the raster images of one SVG may hold together, every frame counted: what
    /// one image file may have (``ImageCompleteness/maximumPixels``). Each one alone within it,
    /// 40 embedded images of 7000×7000 took a build 102 s.
    static let maximumPixelsInAll = ImageCompleteness.maximumPixels

    /// What a `data:` URI holds.
    package enum Reading {
        case image(format: ImageFormat, bytes: [UInt8], size: ImageSize, frameCount: Int, isAnimatedPNG: Bool, decodedPixels: Int)
        /// Not published: the reason follows "the embedded PNG image at line 3, column 5".
        case refused(format: ImageFormat, reason: String)
    }
}
