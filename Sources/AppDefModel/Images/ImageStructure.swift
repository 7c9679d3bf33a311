/// What a raster image's structure says, read without decoding its pixels: where its data ends,
/// its frames, and what it holds that does not draw it (metadata, comments). Each format's
/// structure is walked from the start to its end marker: PNG's chunks to `IEND`, JPEG's segments
/// and scans to the end-of-image marker, GIF's blocks to its trailer, WebP's chunks to the end
/// its RIFF header gives.
///
/// The build needs all three: a file cut short is drawn in part or not at all; a frame larger
/// than the canvas it is drawn on makes decoders enlarge the canvas (a GIF of 35 bytes can ask
/// for 400 megapixels); and an image from the variant cache must hold nothing but its pixels.
package struct ImageStructure: Equatable {
    /// Where the image's data ends: just past `IEND`'s chunk, JPEG's end-of-image marker, GIF's
    /// trailer, or the RIFF length of a WebP. `nil` when the file ends first or its structure is
    /// broken: a browser draws part of it or nothing.
    package var end: Int?
    /// How many frames: 1 for a still image; an animated PNG's `fcTL` chunks, an animated WebP's
    /// `ANMF` chunks, a GIF's image descriptors. Counted up to one more than
    /// ``ImageCompleteness/maximumFrames``, where the walk stops (its `end` then unknown): such
    /// an animation is refused whatever follows, and walking a million frames of a few bytes
    /// each took 13 s.
    package var frameCount = 1
    /// How many scans a JPEG's data has (its start-of-scan segments): one for a baseline JPEG,
    /// some 10 for a progressive one; 0 for the other formats.
    var scanCount = 0
    /// The canvas as its header gives it (a GIF's logical screen, a WebP's or PNG's canvas).
    var canvas: ImageSize?
    /// The frame that reaches furthest right and down, measured from the canvas's corner.
    var furthestFrame: Frame?
    /// The first frame, when it reaches beyond the canvas: browsers draw such an image at
    /// another size than its header's (Chromium and WebKit a GIF of a 20×10 screen and a
    /// 600×300 frame at 600×300), and libvips at the header's. A later frame beyond is cut to
    /// the canvas, as browsers cut it.
    var frameBeyondCanvas: Frame?
    /// Where a GIF without a transparent colour leaves part of its screen undrawn (a first
    /// frame that does not fill it, a frame cleared and not drawn over): browsers show the page
    /// there, and libvips, which reads such a GIF without an alpha band, black or the GIF's
    /// background colour.
    var undrawnPart: UndrawnPart?
    /// The first GIF frame (from 1) without a colour table, the file's or its own.
    var frameWithoutColours: Int?
    /// What the image holds that does not draw it, each kind once, in the order met: `an eXIf
    /// chunk`, `an APP1 segment (EXIF or XMP)`, `a comment extension`...
    package var extras: [String] = []
    /// Whether a PNG has an animation (`acTL`) that shows something other than its default
    /// image alone: several frames, or one that is not the default image.
    package var isAnimatedPNG = false
    /// Whether a PNG holds any animation chunk (`acTL`, `fcTL`, `fdAT`), whatever it shows:
    /// the build's PNG, a still, holds none.
    package var hasPNGAnimationChunks = false
    /// Whether a JPEG is of four components (CMYK) and carries a CMYK colour profile, which
    /// browsers draw otherwise (Chromium through it, WebKitGTK without it, colour engines
    /// apart in the dark tones).
    package var hasCMYKProfile = false
    /// `extras` as a set: a file can hold a million extras of distinct names (PNG chunk types,
    /// GIF application names), and a search of the list each time would be quadratic.
    private var extraKinds: Set<String> = []
    /// Where the structure stops being the format's, when it does before its end: a PNG chunk
    /// whose type is not four letters (zeros, say). The walk ends there, as decoders do.
    var brokenAt: Int?
    /// Where a JPEG's second start-of-image marker is, when one follows its first image's data
    /// before the end marker: Chromium 156 drew the first image, WebKitGTK 2.50 nothing.
    var secondStart: Int?

    /// Part of a GIF's screen libvips draws otherwise than browsers, said; whether libvips
    /// draws the GIF's background colour there (a frame cleared without a transparent colour
    /// of its own), rather than black or that colour where no frame draws.
    package struct UndrawnPart: Equatable {
        var said: String
        var isBackground: Bool
    }

    /// One frame's place on the canvas.
    package struct Frame: Equatable {
        package var left: Int
        package var top: Int
        package var width: Int
        package var height: Int

        /// The canvas a decoder needs to draw it where it says: from the corner to its far edges.
        package var reach: ImageSize { ImageSize(width: left + width, height: top + height) }

        /// What of it lies inside `bounds`; `nil` when nothing does.
        func clipped(to bounds: Frame) -> Frame? {
            let (left, top) = (max(self.left, bounds.left), max(self.top, bounds.top))
            let (right, bottom) = (min(reach.width, bounds.reach.width), min(reach.height, bounds.reach.height))
            guard right > left, bottom > top else { return nil }
            return Frame(left: left, top: top, width: right - left, height: bottom - top)
        }

        /// Whether it covers every pixel of `other`.
        func covers(_ other: Frame) -> Bool {
            left <= other.left && top <= other.top && reach.width >= other.reach.width && reach.height >= other.reach.height
        }
    }

    /// The size every frame fits in: the canvas, grown to the frame that reaches furthest.
    var extent: ImageSize? {
        guard let canvas else { return furthestFrame?.reach }
        guard let reach = furthestFrame?.reach else { return canvas }
        return ImageSize(width: max(canvas.width, reach.width), height: max(canvas.height, reach.height))
    }

    /// The structure of `source`, a `format` image; `nil` for formats the build does not read.
    package static func read(_ source: some ImageBytes, format: ImageFormat) -> ImageStructure? {
        let data = ByteReader(source)
        switch format {
        case .png: return png(data)
        case .jpeg: return jpeg(data)
        case .gif: return gif(data)
        case .webp: return webp(data)
        case .svg, .bmp, .tiff, .heic, .avif, .ico, .psd: return nil
        }
    }

    /// Notes a frame: the furthest is the one whose reach covers the most pixels.
    package mutating func add(_ frame: Frame) {
        if furthestFrame == nil, let canvas, frame.reach.width > canvas.width || frame.reach.height > canvas.height {
            frameBeyondCanvas = frame
        }
        if furthestFrame.map({ frame.reach.pixelCount > $0.reach.pixelCount }) ?? true { furthestFrame = frame }
    }

    /// Notes something that does not draw the image, once.
    package mutating func note(_ extra: String) {
        if extraKinds.insert(extra).inserted { extras.append(extra) }
    }
}

extension ImageSize {
    /// Width times height, or `Int.max` when that does not fit: frame offsets and sizes come
    /// from the file, up to 32 bits each.
    var pixelCount: Int {
        let (product, overflow) = width.multipliedReportingOverflow(by: height)
        return overflow ? .max : product
    }
}
