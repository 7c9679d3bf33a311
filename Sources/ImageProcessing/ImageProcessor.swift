import CVips

/// Raster images made smaller and re-encoded with libvips: the only module that uses it.
///
/// What comes out carries no metadata (no EXIF, no GPS position from an author's phone, no
/// XMP, no colour profile): pixels are turned upright from the EXIF orientation and converted
/// to sRGB first, so that dropping them changes nothing a visitor sees.
package enum ImageProcessor {
    /// What libvips said when it could not decode or encode an image.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// A format variants are written in.
    package enum Format: String, Sendable {
        case webp, jpeg, png, gif

        /// The format of an image whose format is named `name` as the model names it ("jpeg",
        /// "gif", "webp", "png"), whose decoder the checks ask: any other is read as a PNG.
        package init(named name: String) {
            self = Format(rawValue: name) ?? .png
        }
    }

    /// One encoded image.
    package struct Encoded: Sendable {
        package var bytes: [UInt8]
        package var width: Int
        /// The height of one frame.
        package var height: Int
        /// How many frames it has: 1 for a still.
        package var frames = 1
    }

    /// The result of starting libvips, once for the process.
    private static let started: Failure? = {
        var message = [CChar](repeating: 0, count: 512)
        guard cvips_load("sab-onboarding", &message, message.count) != 0 else { return nil }
        return Failure(description: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }()

    /// Whether libvips could be loaded and started; when not, every operation throws why.
    package static var isAvailable: Bool { started == nil }

    /// libvips's version, as a cache key: another version may encode other bytes.
    package static var version: String {
        started == nil ? String(cString: cvips_version()) : "unavailable"
    }

    /// The image in `source` at most `width` pixels wide (never enlarged), encoded as `format`;
    /// `quality` (1 to 100) for WebP and JPEG.
    package static func resize(_ source: [UInt8], toWidth width: Int, as format: Format, quality: Int) throws(Failure) -> Encoded {
        try resize(source, toWidth: width, as: [format], quality: quality)[0]
    }

    /// The image in `source` at most `width` pixels wide and `maximumHeight` high (`nil`: as
    /// high as the width makes it), its aspect ratio kept, encoded in each of `formats`, in
    /// their order. With `allFrames`, every frame of an animated GIF or WebP is kept, with its
    /// delays and loop count; without, the first frame alone.
    ///
    /// A still is decoded once and held in memory for its encoders (a few megabytes at the
    /// widths published). An animation is decoded for each format and streamed to its encoder
    /// a frame at a time: all of its frames in memory could take hundreds of megabytes.
    package static func resize(
        _ source: [UInt8], toWidth width: Int, maximumHeight: Int? = nil, allFrames: Bool = false, as formats: [Format], quality: Int
    ) throws(Failure) -> [Encoded] {
        if let started { throw started }
        if allFrames, let problem = problemTurningFrames(source) { throw problem }
        cvips_begin()
        defer { cvips_end() }
        // A streamed image reads from the source's bytes: it is encoded while they are there.
        let gamma = PNGGamma.exponent(of: source) ?? 0
        let orientation = Int32(JPEGOrientation.asBrowsersRead(source) ?? 0)
        let results = source.withUnsafeBytes { buffer -> Result<[Encoded], Failure> in
            func thumbnail(inMemory: Bool) -> Result<OpaquePointer, Failure> {
                var image: OpaquePointer?  // a VipsImage, incomplete to Swift
                let status = cvips_thumbnail(
                    buffer.baseAddress, buffer.count, Int32(width), Int32(maximumHeight ?? 0), allFrames ? 1 : 0, inMemory ? 1 : 0, gamma, orientation,
                    &image)
                guard status == 0, let image else { return .failure(Failure(description: takeError())) }
                defer { cvips_unref(image) }
                var bare: OpaquePointer?
                guard cvips_without_metadata(image, &bare) == 0, let bare else { return .failure(Failure(description: takeError())) }
                return .success(bare)
            }
            let decodesOnce = !allFrames || formats.count == 1
            var shared: OpaquePointer?
            defer { cvips_unref(shared) }
            var encoded: [Encoded] = []
            for format in formats {
                let image: OpaquePointer
                if let shared {
                    image = shared
                } else {
                    switch thumbnail(inMemory: decodesOnce && formats.count > 1) {
                    case .success(let made): image = made
                    case .failure(let failure): return .failure(failure)
                    }
                    if decodesOnce { shared = image }
                }
                defer { if !decodesOnce { cvips_unref(image) } }
                switch encode(image, as: format, quality: quality) {
                case .success(let made): encoded.append(made)
                case .failure(let failure): return .failure(failure)
                }
            }
            return .success(encoded)
        }
        return try results.get()
    }

    private static func encode(_ image: OpaquePointer, as format: Format, quality: Int) -> Result<Encoded, Failure> {
        var bytes: UnsafeMutableRawPointer?
        var length = 0
        let encoded: Int32 =
            switch format {
            case .webp: cvips_webp(image, Int32(quality), &bytes, &length)
            case .jpeg: cvips_jpeg(image, Int32(quality), &bytes, &length)
            case .png: cvips_png(image, &bytes, &length)
            case .gif: cvips_gif(image, &bytes, &length)
            }
        guard encoded == 0, let bytes else { return .failure(Failure(description: takeError())) }
        defer { cvips_free(bytes) }
        let written = Array(UnsafeRawBufferPointer(start: bytes, count: length))
        return .success(
            Encoded(
                bytes: format == .webp ? WebPMetadata.removingMetadata(from: written) : written,
                width: Int(cvips_width(image)), height: Int(cvips_page_height(image)),
                // The frames of this image, not of its file (libvips's n-pages): a first frame alone is a still.
                frames: Int(cvips_height(image)) / max(1, Int(cvips_page_height(image)))))
    }

    /// Why the image in `source`, of `format` and `width`×`height` (a frame's), does not decode
    /// whole without a warning (every frame with `allFrames`; without an error alone, as the
    /// build decodes an author's image, when `warningsFail` is false), or `nil` when it does. A
    /// WebP or JPEG of 64 pixels a side or more is decoded at an eighth of its size: the
    /// decoders still read all of the compressed data, at a fraction of the cost.
    package static func problemDecoding(
        _ source: [UInt8], format: Format, width: Int, height: Int, allFrames: Bool = false, warningsFail: Bool = true
    ) -> Failure? {
        if let started { return started }
        cvips_begin()
        defer { cvips_end() }
        let reduced = reduction(format: format, width: width, height: height)
        let status = source.withUnsafeBytes { cvips_decodes($0.baseAddress, $0.count, allFrames ? 1 : 0, reduced, warningsFail ? 1 : 0) }
        return status == 0 ? nil : Failure(description: takeError())
    }

    /// ``problemDecoding(_:format:width:height:allFrames:warningsFail:)`` of the image in the
    /// file at `path` (as the C library takes it), read in order, a strip at a time: lint's
    /// memory does not grow with the image.
    package static func problemDecoding(
        fileAt path: UnsafePointer<CChar>, format: Format, width: Int, height: Int, allFrames: Bool = false, warningsFail: Bool = true
    ) -> Failure? {
        if let started { return started }
        cvips_begin()
        defer { cvips_end() }
        let status = cvips_decodes_file(path, allFrames ? 1 : 0, reduction(format: format, width: width, height: height), warningsFail ? 1 : 0)
        return status == 0 ? nil : Failure(description: takeError())
    }

    /// How the decoders of `format` may decode a `width`×`height` image smaller and still read
    /// all of its data: 1 for a WebP, 2 for a JPEG (of 64 pixels a side or more), else 0.
    private static func reduction(format: Format, width: Int, height: Int) -> Int32 {
        guard min(width, height) >= 64 else { return 0 }
        switch format {
        case .webp: return 1
        case .jpeg: return 2
        default: return 0
        }
    }

    /// A colour in sRGB, 8 bits a channel.
    package struct Color: Sendable, Equatable {
        package var red: UInt8
        package var green: UInt8
        package var blue: UInt8

        package init(red: UInt8, green: UInt8, blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }
    }

    /// The average colour of the image in `source` (its first frame), in sRGB: what a page can
    /// paint in the image's box while it loads. Its alpha, if any, is not weighed in: call it for
    /// opaque images.
    package static func averageColor(of source: [UInt8]) throws(Failure) -> Color {
        if let started { throw started }
        cvips_begin()
        defer { cvips_end() }
        var rgb: (Double, Double, Double) = (0, 0, 0)
        let gamma = PNGGamma.exponent(of: source) ?? 0
        let status = source.withUnsafeBytes { bytes in
            withUnsafeMutablePointer(to: &rgb) { tuple in
                tuple.withMemoryRebound(to: Double.self, capacity: 3) { cvips_average_color(bytes.baseAddress, bytes.count, gamma, $0) }
            }
        }
        guard status == 0 else { throw Failure(description: takeError()) }
        func channel(_ mean: Double) -> UInt8 { UInt8(min(255, max(0, mean.rounded()))) }
        return Color(red: channel(rgb.0), green: channel(rgb.1), blue: channel(rgb.2))
    }

    /// Whether a pixel of the image in `source` has more colour than browsers keep of it: they
    /// decode into 8-bit premultiplied pixels (Chromium rounding the product, WebKit flooring
    /// it), so a colour under alpha 0 is lost and one under alpha 1 keeps a bit a sample. What
    /// the build publishes never has more (``resize(_:toWidth:maximumHeight:allFrames:as:quality:)``
    /// keeps each colour as browsers do), so that nothing hides under transparency.
    package static func hasColourNotDrawn(_ source: [UInt8]) throws(Failure) -> Bool {
        if let started { throw started }
        cvips_begin()
        defer { cvips_end() }
        var found: Int32 = 0
        let status = source.withUnsafeBytes { cvips_colour_not_drawn($0.baseAddress, $0.count, &found) }
        guard status == 0 else { throw Failure(description: takeError()) }
        return found != 0
    }

    /// Whether the image in `source` has an alpha channel: its fallback is then PNG, not JPEG.
    package static func hasAlpha(_ source: [UInt8]) throws(Failure) -> Bool {
        if let started { throw started }
        cvips_begin()
        defer { cvips_end() }
        let image = source.withUnsafeBytes { cvips_open($0.baseAddress, $0.count) }
        guard let image else { throw Failure(description: takeError()) }
        defer { cvips_unref(image) }
        return cvips_has_alpha(image) != 0
    }

    /// The width and height of the image in `source` turned upright from its EXIF orientation
    /// (a JPEG's as browsers read it, ``JPEGOrientation``), as
    /// ``resize(_:toWidth:maximumHeight:allFrames:as:quality:)`` turns it: a photo's stored
    /// 4000×3000 may be 3000×4000 upright. Read from its header; for an animation, a frame's.
    package static func uprightSize(_ source: [UInt8]) throws(Failure) -> (width: Int, height: Int) {
        if let started { throw started }
        cvips_begin()
        defer { cvips_end() }
        var width: Int32 = 0
        var height: Int32 = 0
        let orientation = Int32(JPEGOrientation.asBrowsersRead(source) ?? 0)
        let status = source.withUnsafeBytes { cvips_upright_size($0.baseAddress, $0.count, orientation, &width, &height) }
        guard status == 0 else { throw Failure(description: takeError()) }
        return (Int(width), Int(height))
    }

    /// Why the animation in `source` cannot be published with every frame, or `nil` when it can
    /// (a still, or an animation upright): an EXIF orientation that turns or flips it upside down
    /// (3 to 8). libvips holds an animation's frames as one tall strip and turns that strip as
    /// one picture, so the frames would come out side by side, or in reverse order, as a still
    /// that is none of them. A mirror (2) flips each frame in its place, and is applied.
    package static func problemTurningFrames(_ source: [UInt8]) -> Failure? {
        if let started { return started }
        cvips_begin()
        defer { cvips_end() }
        let image = source.withUnsafeBytes { cvips_open($0.baseAddress, $0.count) }
        guard let image else { return nil }  // what cannot be read is reported as such
        defer { cvips_unref(image) }
        return problemTurningFrames(of: image)
    }

    /// ``problemTurningFrames(_:)`` of the image in the file at `path`, from its header.
    package static func problemTurningFrames(fileAt path: UnsafePointer<CChar>) -> Failure? {
        if let started { return started }
        cvips_begin()
        defer { cvips_end() }
        guard let image = cvips_open_file(path) else { return nil }
        defer { cvips_unref(image) }
        return problemTurningFrames(of: image)
    }

    private static func problemTurningFrames(of image: OpaquePointer) -> Failure? {
        let orientation = Int(cvips_orientation(image))
        guard cvips_page_count(image) > 1, (3...8).contains(orientation) else { return nil }
        return Failure(
            description:
                "it is an animation with an EXIF orientation (\(orientation)) that turns its frames, which libvips cannot apply to each frame: save it upright, without an orientation"
        )
    }

    /// Why libvips cannot read the image in `source` (its header: its pixels are not decoded),
    /// or `nil` when it can.
    package static func problemReading(_ source: [UInt8]) -> Failure? {
        if let started { return started }
        cvips_begin()
        defer { cvips_end() }
        // Released while the bytes it reads from are still there.
        let opened = source.withUnsafeBytes { bytes in
            let image = cvips_open(bytes.baseAddress, bytes.count)
            cvips_unref(image)
            return image != nil
        }
        return opened ? nil : Failure(description: takeError())
    }

    /// Why libvips cannot read the image in the file at `path` (its header: its pixels are not
    /// decoded), or `nil` when it can. `path` as the C library takes it.
    package static func problemReading(fileAt path: UnsafePointer<CChar>) -> Failure? {
        if let started { return started }
        cvips_begin()
        defer { cvips_end() }
        guard let image = cvips_open_file(path) else { return Failure(description: takeError()) }
        cvips_unref(image)
        return nil
    }

    private static func takeError() -> String {
        guard let message = cvips_take_error() else { return "unknown libvips error" }
        defer { cvips_free_text(message) }
        let text = String(cString: message).split(separator: "\n").joined(separator: "; ")
        return text.isEmpty ? "unknown libvips error" : text
    }
}
