import AppDefModel
internal import ImageProcessing

/// Publishes each raster image (PNG, JPEG, GIF, WebP) as responsive variants made with libvips:
/// shrunk to each width of ``ImageVariantWidths`` the source reaches, upright, sRGB, without
/// metadata, as WebP, and once as a fallback every browser shows (JPEG, or PNG for an image with
/// transparency). An animated GIF or WebP gives animated WebP variants, up to a phone's width
/// at 2x (``ImageVariantWidths/largestAnimated``), every frame with its delay and the loop count
/// kept, and an animated GIF as its fallback. The author's original
/// is not published. SVG stays vector; `--keep-original-images` publishes every image as it is.
///
/// Variants come from ``ImageVariantCache`` when an earlier build made them from the same bytes
/// with the same settings.
public enum ImagePublisher {
    /// How many images a build made variants of, and how many it found made in the cache.
    public struct Work: Sendable, Equatable {
        public var made = 0
        public var reused = 0

        package init(made: Int = 0, reused: Int = 0) {
            self.made = made
            self.reused = reused
        }
    }

    /// What `--image-quality` is when not given: libvips's own default for WebP and JPEG, at
    /// which a photo 768 pixels wide is some 50 to 90 KB as WebP.
    static let defaultQuality = 75

    /// The project with its raster images' variants made and its SVGs' embedded images made
    /// again, and an error for each image that libvips could not make them of. Variants are
    /// looked up in and noted to the cache in `cacheFolder`; without one, `cacheRefusal` says
    /// why (``CacheAccess``), in a note.
    package static func publish(
        _ project: OnboardingProject, options: BuildOptions, cacheFolder: String? = ImageVariantCache.folder, cacheRefusal: String? = nil
    ) -> (project: OnboardingProject, diagnostics: [Diagnostic], work: Work) {
        var published = project
        // Images that changed or went away after lint checked them: never published unchecked.
        var diagnostics: [Diagnostic] = project.unpublishableImages
        let assets = project.images.values.sorted { Array($0.sourceFileName.utf8).lexicographicallyPrecedes(Array($1.sourceFileName.utf8)) }
        // Even with --keep-original-images: an SVG is never published as it is, and what it
        // embeds never leaves with its metadata.
        for asset in assets where !asset.embeddedImages.isEmpty {
            do {
                var remade = asset
                remade.replaceBytes(with: try remakingEmbeddedImages(of: asset, quality: options.imageQuality))
                published.images[asset.sourceFileName] = remade
            } catch {
                diagnostics.append(
                    Diagnostic(
                        ruleID: BuildDiagnosticID.imageNotDecodable, severity: .error,
                        location: asset.location ?? SourceLocation(file: project.appDefPath, line: 1, column: 1),
                        message: "'\(asset.sourceFileName)' cannot be published: \(error.image.description) cannot be made again: \(error.failure.description)",
                        notes: ["export the picture again and embed it anew, or use it as an image file of its own"]))
            }
        }
        guard !options.keepsOriginalImages else { return (published, diagnostics, Work()) }
        var work = Work()
        // The key is not asked for without a cache folder: looking it up may make its file.
        if assets.contains(where: \.isResizable), let problem = cacheRefusal ?? (cacheFolder == nil ? nil : CacheSeal.keyProblem) {
            diagnostics.append(
                Diagnostic(
                    ruleID: cacheNotUsedRuleID, severity: .note, location: SourceLocation(file: project.appDefPath, line: 1, column: 1),
                    message: "the image cache was not used, and every image was made: \(problem)",
                    notes: [
                        cacheRefusal == nil
                            ? "a cache file is used only if it is sealed with the user's cache key (see Documentation/Output.md, Cache key)"
                            : CacheAccess.refusalNote
                    ]))
        }
        for asset in assets where asset.isResizable {
            do {
                var resized = asset
                let made = try variants(of: asset, quality: options.imageQuality, cacheFolder: cacheFolder)
                resized.publish(made.variants)
                resized.placeholder = placeholder(of: made.variants)
                if made.fromCache { work.reused += 1 } else { work.made += 1 }
                published.images[asset.sourceFileName] = resized
                if let unused = made.cacheProblem {
                    diagnostics.append(
                        Diagnostic(
                            ruleID: cacheNotUsedRuleID, severity: .note,
                            location: asset.location ?? SourceLocation(file: project.appDefPath, line: 1, column: 1),
                            message: "the cached sizes of '\(asset.sourceFileName)' were not used, and were made again: \(unused)",
                            notes: [OutputCache.folderNote("images")]))
                }
            } catch {
                diagnostics.append(
                    Diagnostic(
                        ruleID: BuildDiagnosticID.imageNotDecodable, severity: .error,
                        location: asset.location ?? SourceLocation(file: project.appDefPath, line: 1, column: 1),
                        message: "'\(asset.sourceFileName)' cannot be made smaller for the web: \(error.description)",
                        notes: ["export it again from the photo or drawing program, or build with --keep-original-images"]))
            }
        }
        return (published, diagnostics, work)
    }

    /// The average colour of an opaque still, from its JPEG fallback (some 768 pixels wide, a
    /// few milliseconds to decode): the colour of the picture as published, which a visitor
    /// sees in its box until it arrives. None for an image with transparency (a PNG fallback),
    /// whose average would show through it, nor for an animation (a GIF fallback). An image
    /// whose colour libvips cannot take, though it has just decoded it, goes without: the box
    /// stays empty while it loads, as it did before.
    private static func placeholder(of variants: [ImageVariant]) -> HexColor? {
        guard let fallback = variants.first(where: { $0.mediaType == "image/jpeg" }),
            let color = try? ImageProcessor.averageColor(of: fallback.bytes)
        else { return nil }
        return HexColor(red: color.red, green: color.green, blue: color.blue)
    }

    /// The id of the note that variants found in the cache were not used.
    public static let cacheNotUsedRuleID = BuildDiagnosticID.imageCacheNotUsed

    /// The size of `asset` as the build turns it, from its header: its stored size turned a
    /// quarter when its EXIF orientation (as browsers read it) does that.
    private static func uprightSize(of asset: ImageAsset) throws(ImageProcessor.Failure) -> ImageSize {
        let upright = try ImageProcessor.uprightSize(asset.bytes)
        let turned = ImageSize(width: asset.size.height, height: asset.size.width)
        return (upright.width, upright.height) == (turned.width, turned.height) ? turned : asset.size
    }

    /// The variants of one image, from the cache in `cacheFolder` or made now (always, without
    /// a cache folder), and why the cache's were not used when it had some.
    static func variants(of asset: ImageAsset, quality: Int, cacheFolder: String? = ImageVariantCache.folder) throws(ImageProcessor.Failure)
        -> (variants: [ImageVariant], fromCache: Bool, cacheProblem: String?)
    {
        let widths = ImageVariantWidths.widths(for: asset.size, animated: asset.isAnimated)
        let fallbackWidth = ImageVariantWidths.fallbackWidth(among: widths)
        // libvips's version too: another may encode other bytes, and the output is the same
        // from the cache or not. "colour-profile-if-it-fits": variants made before took an
        // image without a colour profile (or with one not made for its colours) to be in
        // libvips's fallback profile (or applied the profile), and shifted its colours;
        // "cmyk-as-browsers": those made before turned a CMYK JPEG through libvips's fallback
        // profile, whatever its own; "png-gamma": those before left a PNG's gAMA unapplied;
        // "jpeg-orientation-as-browsers": those before turned a JPEG by an orientation stored
        // in a way browsers do not read; "png-at-72-dpi": those before wrote a PNG at the
        // source's resolution, which the check no longer takes; "colour-as-drawn-both-ways":
        // those before kept more colour under transparent pixels than browsers draw;
        // "grey16-high-byte": those before rounded a 16-bit grey sample otherwise than browsers;
        // "timing-as-browsers": those before gave a GIF frame of 11 to 14 ms 1 cs (played for
        // 100 ms) and wrapped long delays and loop counts.
        let cacheName = ImageVariantCache.name(
            sourceDigest: asset.digest,
            settings: "quality \(quality) widths \(widths.map(String.init).joined(separator: ",")) fallback \(fallbackWidth)"
                + (asset.isAnimated ? " animated" : "")
                + " colour-profile-if-it-fits cmyk-as-browsers png-gamma jpeg-orientation-as-browsers png-at-72-dpi colour-as-drawn-both-ways grey16-high-byte timing-as-browsers libvips \(ImageProcessor.version)"
        )
        var entries: [ImageVariantCache.Entry] = []
        var cacheProblem: String?
        switch ImageVariantCache.read(cacheName, in: cacheFolder) {
        case nil: break
        case .unreadable?: cacheProblem = "its file is not a whole variants file"
        case .notSealed?: cacheProblem = "its file is not sealed with this user's cache key (written by another user or machine, or changed since)"
        case .contents(let cached)?:
            let check = CachedVariantCheck(
                widths: widths, fallbackWidth: fallbackWidth, sourceSize: try uprightSize(of: asset), quality: quality, isAnimated: asset.isAnimated,
                sourceFrames: asset.frameCount)
            cacheProblem = check.problem(with: cached)
            if cacheProblem == nil { entries = cached }
        }
        let fromCache = !entries.isEmpty
        if !fromCache {
            entries = try encode(asset.bytes, widths: widths, fallbackWidth: fallbackWidth, animated: asset.isAnimated, quality: quality)
            ImageVariantCache.write(entries, as: cacheName, in: cacheFolder)
        }
        let variants = entries.map { entry in
            let fileExtension = entry.mediaType == "image/jpeg" ? "jpg" : String(entry.mediaType.dropFirst("image/".count))
            return ImageVariant(
                path: ImageAsset.variantPath(for: asset.sourceFileName, width: entry.width, fileExtension: fileExtension, bytes: entry.bytes),
                width: entry.width, height: entry.height, mediaType: entry.mediaType, bytes: entry.bytes)
        }
        return (variants, fromCache, cacheProblem)
    }

    /// The media types variants are written in, and the format their bytes must be.
    static let formats: [String: ImageFormat] = ["image/webp": .webp, "image/jpeg": .jpeg, "image/png": .png, "image/gif": .gif]

    /// The WebP variants, smallest first, then the one fallback: every browser but the few
    /// without WebP takes a WebP, so a single fallback, at the width a phone at 2x takes,
    /// serves those few and keeps the page's markup and the build small. A width that comes
    /// out as the one before (a photo turned upright is narrower than its stored width) is
    /// left out.
    ///
    /// An animation's fallback is an animated GIF: libvips's gifsave, which Debian's libvips
    /// 8.14 has (it is built with cgif), so that it moves in every browser.
    private static func encode(_ source: [UInt8], widths: [Int], fallbackWidth: Int, animated: Bool, quality: Int) throws(ImageProcessor.Failure)
        -> [ImageVariantCache.Entry]
    {
        let fallback: ImageProcessor.Format = try animated ? .gif : ImageProcessor.hasAlpha(source) ? .png : .jpeg
        var modern: [ImageVariantCache.Entry] = []
        var fallbacks: [ImageVariantCache.Entry] = []
        for width in widths {
            let formats: [ImageProcessor.Format] = width == fallbackWidth ? [.webp, fallback] : [.webp]
            let encoded = try ImageProcessor.resize(
                source, toWidth: width, maximumHeight: ImageVariantWidths.largestSide, allFrames: animated, as: formats, quality: quality)
            for (format, image) in zip(formats, encoded) {
                let entry = ImageVariantCache.Entry(mediaType: "image/\(format.rawValue)", width: image.width, height: image.height, bytes: image.bytes)
                if format != .webp {
                    fallbacks.append(entry)
                } else if modern.last.map({ $0.width < entry.width }) ?? true {
                    modern.append(entry)
                }
            }
        }
        return modern + fallbacks
    }
}
