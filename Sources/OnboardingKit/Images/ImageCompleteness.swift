/// Whether a raster image's data is whole, and whether its size is one a phone can decode.
///
/// The size in a header is read before anything else, so a file cut short after it (a failed
/// copy, an interrupted download) still shows a size; a browser then draws part of it or
/// nothing. Each format's own structure says where it ends (``ImageStructure``), and how large
/// its frames are: a GIF's frames may reach far beyond its logical screen. Only that structure
/// is read, never the pixels.
enum ImageCompleteness {
    /// More pixels than this take hundreds of megabytes to decode (4 bytes each): no phone shows
    /// them, and no onboarding screen needs them. 50 megapixels is more than any phone camera
    /// makes at full size.
    static let maximumPixels = 50_000_000

    /// More pixels than this in all the frames of an animation are more than a phone plays: a
    /// browser decodes every frame onto the whole canvas, and the build does too, then encodes
    /// each as animated WebP and GIF, at some half a second a megapixel for each encoder (100
    /// megapixels took a build over a minute). 25 megapixels is 100 frames of 500×500, four
    /// seconds at 25 frames a second: more than an onboarding screen's loop needs.
    static let maximumAnimationPixels = 25_000_000

    /// What is wrong with the data, to follow the file's name ('x.png' is cut short...), or
    /// `nil` when it is whole and usable.
    static func problem(in source: some ImageBytes, format: ImageFormat, size: ImageSize) -> String? {
        problem(with: ImageStructure.read(source, format: format), size: size)
    }

    /// What is wrong with an image of header size `size` whose structure is `structure`.
    static func problem(with structure: ImageStructure?, size: ImageSize) -> String? {
        if size.pixelCount > maximumPixels {
            return "claims \(size.width)×\(size.height) pixels, more than a phone can decode (at most \(maximumPixels / 1_000_000) megapixels)"
        }
        guard let structure else { return nil }
        // Decoders draw every frame where it says, enlarging the canvas to fit it: a frame, not
        // the header, says how many pixels that takes.
        if let frame = structure.furthestFrame, let extent = structure.extent, extent.pixelCount > maximumPixels {
            return "has a frame of \(frame.width)×\(frame.height) pixels at (\(frame.left), \(frame.top)) on its \(size.width)×\(size.height) canvas: "
                + "drawn, it takes \(extent.width)×\(extent.height) pixels, more than a phone can decode (at most \(maximumPixels / 1_000_000) megapixels)"
        }
        if let extent = structure.extent, structure.frameCount > 1 {
            let (total, overflow) = structure.frameCount.multipliedReportingOverflow(by: extent.pixelCount)
            if overflow || total > maximumAnimationPixels {
                let megapixels = overflow ? "billions of" : String(total / 1_000_000)
                return "has \(structure.frameCount) frames of \(extent.width)×\(extent.height) pixels, \(megapixels) megapixels in all: "
                    + "more than a phone can play (at most \(maximumAnimationPixels / 1_000_000) megapixels in all its frames)"
            }
        }
        guard structure.end == nil else { return nil }
        if let offset = structure.brokenAt {
            return "is damaged: what follows byte \(offset) is no PNG chunk (a chunk's type is four letters), and its end (IEND) is never reached"
        }
        return "is cut short: the file ends before its image data does"
    }
}
