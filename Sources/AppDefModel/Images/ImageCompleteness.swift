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

    /// More scans than this in a JPEG are no JPEG a camera or an editor makes: a baseline JPEG
    /// has one, a progressive one some 10 (libjpeg's own), and libjpeg's encoders take scripts
    /// of at most 100. Each scan is decoded over the whole image again, and a scan that codes
    /// nothing takes a few bytes (its blocks skipped in runs of 32,767): 2647 scans of a
    /// 7000×7000 JPEG are 533 KB, passed lint in 0.7 s, and took libjpeg a minute to decode,
    /// and a build, which decodes it once for each width, five.
    /// Chromium 156 drew nothing of a JPEG of 100 scans or more (WebKitGTK 2.50 drew it): 99
    /// at most.
    static let maximumJPEGScans = 99

    /// More frames than this are more than an onboarding screen's animation needs: 40 seconds
    /// at 25 frames a second. libvips's animated WebP and GIF encoders take a millisecond or
    /// more a frame however small (30,000 frames of 2×2 pixels, a 1.4 MB WebP, took a build
    /// 33 s), and libvips reads no more than 4097 of a GIF's frames: the rest would be left out
    /// of what is published, unsaid.
    static let maximumFrames = 1000

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
        if let frame = structure.frameBeyondCanvas, let canvas = structure.canvas {
            return "has a frame of \(frame.width)×\(frame.height) pixels at (\(frame.left), \(frame.top)) "
                + "reaching beyond its \(canvas.width)×\(canvas.height) canvas: browsers draw it at another size than the file says, "
                + "and the build would publish it at \(canvas.width)×\(canvas.height); "
                + "save it again with an image editor, which fits the canvas to the frames"
        }
        if let frame = structure.frameWithoutColours {
            return "has no colour table for its frame \(frame) (neither the file's nor the frame's own): browsers draw it black, "
                + "or not at all, and the build would publish it in other colours; save it again with an image editor"
        }
        if let undrawn = structure.undrawnPart, undrawn.isBackground {
            return "\(undrawn.said): browsers show the page there, and the build would publish the GIF's background colour, "
                + "as libvips fills what it clears of such a frame; save it with a transparent colour in every frame"
        }
        if let undrawn = structure.undrawnPart {
            return "\(undrawn.said): browsers show the page through what no frame draws, "
                + "and the build would publish it black or in the GIF's background colour; save it with a transparent colour in every frame, "
                + "or with frames that fill the screen"
        }
        if structure.scanCount > maximumJPEGScans {
            return "has \(structure.scanCount) scans, more than a JPEG may have (at most \(maximumJPEGScans)): each is decoded over the whole image "
                + "again, so decoding it takes minutes; save it again as a baseline or an ordinary progressive JPEG"
        }
        if structure.frameCount > maximumFrames {
            // Counted no further: the walk stops at the first frame over.
            return "has more than \(maximumFrames) frames, the most an animation may have (40 seconds at 25 frames a second): "
                + "each is encoded again for every width"
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
        if let offset = structure.secondStart {
            return "is damaged: a second start of image (at byte \(offset)) comes before its image data ends, "
                + "which browsers draw differently (Chromium the first image, WebKit nothing)"
        }
        if let offset = structure.brokenAt {
            return "is damaged: what follows byte \(offset) is no PNG chunk (a chunk's type is four letters), and its end (IEND) is never reached"
        }
        return "is cut short: the file ends before its image data does"
    }
}
