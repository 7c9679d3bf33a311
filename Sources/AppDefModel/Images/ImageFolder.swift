import SystemPackage

/// The folder an appDef's onboarding images are copied to by SAB: `images/onboarding` beside
/// the appDef file, or the folder given with `--images`. Looks files up by name, refuses links
/// that lead out of the folder, and inspects each file once.
///
/// Names are compared as bytes, as the file system compares them: `café.png` with the é as one
/// code point (NFC) and as `e` and a combining accent (NFD) are two files, though Swift's
/// `String` finds the two names equal.
package final class ImageFolder {
    /// What was found for a file name.
    package enum Lookup {
        case found(ImageFile)
        /// No such file; `suggestion` is a file whose name is the one looked for written otherwise.
        case missing(suggestion: NearName?)
        /// The name is a link to somewhere outside the folder.
        case outsideFolder
        /// It exists but is a folder or cannot be read.
        case unreadable(reason: String)
    }

    /// An image file and what its bytes say it is. A raster image's bytes are not kept: its
    /// headers and the structure that says where it ends are read from the file, and the build
    /// reads the bytes it publishes, so that lint's memory does not grow with a photo's size.
    package struct ImageFile {
        package var path: String
        package var sniffedFormat: ImageFormat?
        package var size: ImageSize?
        /// Why a raster image whose size reads cannot be shown all the same (its data is cut
        /// short, or it has more pixels than a phone decodes); `nil` when it can.
        package var damage: String?
        /// The file's size in bytes.
        package var byteCount: Int64?
        /// Whether the build publishes it as smaller variants: every PNG, JPEG, GIF and WebP.
        /// Lint's image rules and the build both read this one answer.
        package var isResized = false
        /// How many frames it has (``ImageStructure/frameCount``): 1 for a still.
        package var frameCount = 1
        /// Whether it is a GIF or WebP of more than one frame, whose variants move too
        /// (animated WebP, and an animated GIF for browsers without WebP).
        package var isAnimated = false
        /// Whether it is a PNG with an animation (APNG) beyond its default image, which libvips
        /// cannot read: its variants are made of the default image (``AnimatedPNGRule``).
        package var isAnimatedPNG = false
        /// Whether it is a CMYK JPEG with a CMYK colour profile (``ImageStructure/hasCMYKProfile``).
        package var hasCMYKProfile = false
        /// For an SVG, what publishing it gives: the file rebuilt from what is safe, or why not.
        package var svg: SVGSanitizing?

        /// The bytes the build publishes, read now: an SVG only as rebuilt, a raster image as
        /// it is on disk, checked again as lint checked it (the file may have been replaced
        /// since: the build publishes or resizes only what passed); why not, when they cannot be
        /// read or are no longer what lint found.
        package func publishedBytes() -> Result<[UInt8], ImageReadProblem> {
            switch svg {
            case .published(let sanitized)?: return .success(sanitized.bytes)
            case .refused?: return .failure(ImageReadProblem(reason: "it is an SVG that cannot be made safe"))
            case nil: break
            }
            // Never more than an image file may be: the file may have grown since lint.
            guard let source = ImageFileBytes(path: path) else { return .failure(ImageReadProblem(reason: "it can no longer be read")) }
            if let tooLarge = ImageFileSize.problem(byteCount: source.count) {
                return .failure(ImageReadProblem(reason: "it was replaced while the build read it: \(tooLarge)"))
            }
            guard let bytes = source.bytes(at: 0, count: source.count) else { return .failure(ImageReadProblem(reason: "it can no longer be read")) }
            guard let format = sniffedFormat, ImageInspector.rasterFormat(of: bytes) == format,
                let size, ImageInspector.rasterSize(of: bytes, format: format) == size
            else { return .failure(ImageReadProblem(reason: "it was replaced while the build read it: its format or size changed")) }
            let structure = ImageStructure.read(bytes, format: format)
            if let damage = ImageCompleteness.problem(with: structure, size: size) {
                return .failure(ImageReadProblem(reason: "it was replaced while the build read it, and \(damage)"))
            }
            guard (structure?.frameCount ?? 1) == frameCount, (structure?.isAnimatedPNG ?? false) == isAnimatedPNG else {
                return .failure(ImageReadProblem(reason: "it was replaced while the build read it: its frames changed"))
            }
            return .success(bytes)
        }
    }

    /// Why the bytes of a file lint looked at cannot be published.
    package struct ImageReadProblem: Error {
        package var reason: String
    }

    /// The folder as it is shown in diagnostics.
    package let displayPath: String
    /// The folder's absolute path.
    private let folder: String
    /// What was found, by the UTF-8 bytes of the name.
    private var cache: [[UInt8]: Lookup] = [:]

    package init(appDefPath: String, override: String?) {
        // The one place that says where a build's images are, which the preview watches too.
        displayPath = BuildInputs(appDefPath: appDefPath, imagesOverride: override).imagesFolder
        folder = Paths.absolute(displayPath)
    }

    /// Looks up a file name already checked with ``ImagePath/unsafeReason(_:)``.
    package func lookUp(_ fileName: String) -> Lookup {
        if let known = cache[Array(fileName.utf8)] { return known }
        let result = findAndInspect(fileName)
        cache[Array(fileName.utf8)] = result
        return result
    }

    private func findAndInspect(_ fileName: String) -> Lookup {
        let file = Paths.join(folder, fileName)
        let status: Stat
        do {
            status = try Stat(FilePath(pathText: file))
        } catch {
            return lookUpFailure(error, fileName: fileName, file: file)
        }
        guard Paths.leadsInside(file, folder: folder) else {
            return .outsideFolder
        }
        if status.type == .directory { return .unreadable(reason: "it is a folder") }
        // Reading a pipe or a device could block for ever.
        guard status.type == .regular else { return .unreadable(reason: "it is not a regular file") }
        guard let source = ImageFileBytes(path: file) else {
            return .unreadable(reason: "permission denied or read error")
        }
        // Before anything reads it: the build holds what it publishes in memory.
        if let tooLarge = ImageFileSize.problem(byteCount: source.count) { return .unreadable(reason: tooLarge) }
        if let format = ImageInspector.rasterFormat(of: source) {
            let size = ImageInspector.rasterSize(of: source, format: format)
            let structure = ImageStructure.read(source, format: format)
            let damage = size.flatMap { ImageCompleteness.problem(with: structure, size: $0) }
            return .found(
                ImageFile(
                    path: file, sniffedFormat: format, size: size, damage: damage, byteCount: status.size,
                    isResized: ImageFormat.resizedByTheBuild.contains(format), frameCount: structure?.frameCount ?? 1,
                    isAnimated: [.gif, .webp].contains(format) && (structure?.frameCount ?? 1) > 1,
                    isAnimatedPNG: structure?.isAnimatedPNG ?? false, hasCMYKProfile: structure?.hasCMYKProfile ?? false))
        }
        // Not a raster image: an SVG is read whole by the XML reader, to be rebuilt.
        guard let bytes = source.bytes(at: 0, count: source.count) else {
            return .unreadable(reason: "permission denied or read error")
        }
        guard SVGSanitizer.isSVG(bytes) else { return .found(ImageFile(path: file, byteCount: status.size)) }
        let svg = SVGSanitizer.sanitize(bytes, documentName: Paths.join(displayPath, fileName))
        let size: ImageSize? = if case .published(let sanitized) = svg { sanitized.size } else { nil }
        return .found(ImageFile(path: file, sniffedFormat: .svg, size: size, byteCount: status.size, svg: svg))
    }

    /// What it means that `file` could not be looked at: missing, or a link that loops or
    /// leads nowhere, or a folder on the way that cannot be searched.
    private func lookUpFailure(_ error: Errno, fileName: String, file: String) -> Lookup {
        switch error {
        case .tooManySymbolicLinkLevels:
            return .unreadable(reason: "it is a link that loops (too many levels of links)")
        case .noSuchFileOrDirectory where FolderWalk.kind(of: file) == .symbolicLink:
            return .unreadable(reason: "it is a link that leads nowhere")
        case .noSuchFileOrDirectory, .notDirectory:
            return .missing(suggestion: NearName.find(for: fileName, in: folder))
        default:
            return .unreadable(reason: "it cannot be looked up (\(error.description))")
        }
    }
}
