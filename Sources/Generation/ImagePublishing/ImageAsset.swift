import AppDefModel

/// An image as the build publishes it: a raster image as responsive variants (WebP and a
/// fallback, at the widths of ``ImageVariantWidths``; animated ones for an animated GIF or
/// WebP), an SVG (made safe) or, with `--keep-original-images`, any image as its author picked
/// it, copied under a safe, content-hashed name.
public struct ImageAsset: Hashable, Sendable {
    /// The file name in the images folder.
    public var sourceFileName: String
    /// The file the page's `src` names: the original, or the fallback variant (JPEG, PNG or GIF).
    public var outputPath: String
    /// The size the page reserves for it (`width` and `height`): that of its largest variant.
    public var size: ImageSize
    /// The variants: WebP, smallest first, then the one fallback; empty when the file is
    /// published as it is.
    public var variants: [ImageVariant] = []
    /// The source's bytes as read (an SVG's as rebuilt), and their SHA-256 in hex.
    var bytes: [UInt8]
    var digest: String
    /// Whether the build makes variants of it (``ImageFolder/ImageFile/isResized``).
    var isResizable: Bool
    /// Whether its variants move: a GIF or WebP of more than one frame.
    var isAnimated = false
    /// How many frames the source has: 1 for a still.
    var frameCount = 1
    /// Its average colour, which the page paints in its box while it loads: for an opaque still
    /// the build made smaller (see ``ImagePublisher``); `nil` for any other.
    var placeholder: HexColor?
    /// For an SVG, the raster images it embeds, which the build makes again.
    var embeddedImages: [SVGEmbeddedImage] = []
    /// Where the appDef first names it, for a diagnostic about the file.
    var location: SourceLocation?

    init(
        sourceFileName: String, bytes: [UInt8], size: ImageSize, isResizable: Bool = false, isAnimated: Bool = false, frameCount: Int = 1,
        location: SourceLocation? = nil
    ) {
        self.sourceFileName = sourceFileName
        self.bytes = bytes
        self.digest = SHA256.hexDigest(of: bytes)
        self.isResizable = isResizable
        self.isAnimated = isAnimated
        self.frameCount = frameCount
        self.size = size
        self.location = location
        self.outputPath = OutputNames.imagesFolder + "/" + Self.outputName(for: sourceFileName, digest: digest)
    }

    /// Takes `bytes` as the file published (an SVG with its embedded images made again): its
    /// digest and so its name follow them.
    mutating func replaceBytes(with bytes: [UInt8]) {
        self.bytes = bytes
        digest = SHA256.hexDigest(of: bytes)
        outputPath = OutputNames.imagesFolder + "/" + Self.outputName(for: sourceFileName, digest: digest)
    }

    /// Whether the build made variants of it (with the original not published).
    var isResized: Bool { !variants.isEmpty }

    var modernVariants: [ImageVariant] { variants.filter(\.isModern) }

    /// Takes `variants` as what is published of the image.
    mutating func publish(_ variants: [ImageVariant]) {
        guard let largest = variants.max(by: { $0.width < $1.width }) else { return }
        self.variants = variants
        size = ImageSize(width: largest.width, height: largest.height)
        outputPath = (variants.first { !$0.isModern } ?? largest).path
    }

    /// The files the build writes for it.
    var publishedFiles: [OutputFile] {
        isResized ? variants.map { OutputFile(path: $0.path, contents: $0.bytes) } : [OutputFile(path: outputPath, contents: bytes)]
    }

    /// The output path of a variant: `images/<name>-<width>-<hash>.<ext>`, the hash of its bytes.
    static func variantPath(for fileName: String, width: Int, fileExtension: String, bytes: [UInt8]) -> String {
        "\(OutputNames.imagesFolder)/\(safeStem(of: fileName))-\(width)-\(SHA256.hexDigest(of: bytes).prefix(hashLength)).\(fileExtension)"
    }

    /// `<name>-<hash>.<ext>`: the name reduced to letters, digits, `-`, `_` and `.` (no path,
    /// no control characters, nothing HTML or CSS could read as syntax), the extension lowercased,
    /// and the first 10 hex digits of the content's SHA-256 so that a changed image gets a new URL.
    static func outputName(for fileName: String, bytes: [UInt8]) -> String {
        outputName(for: fileName, digest: SHA256.hexDigest(of: bytes))
    }

    /// ``outputName(for:bytes:)`` for bytes whose SHA-256 in hex is `digest`.
    static func outputName(for fileName: String, digest: String) -> String {
        let fileExtension = ImagePath.fileExtension(of: fileName)
        let safeExtension = String(fileExtension.unicodeScalars.filter { $0.isASCII && $0.properties.isAlphabetic }.map(Character.init))
        return "\(safeStem(of: fileName))-\(digest.prefix(hashLength))" + (safeExtension.isEmpty ? "" : ".\(safeExtension)")
    }

    /// How many hex digits of the content's SHA-256 a published name carries.
    static let hashLength = 10

    /// Whether `name` has the form of ``outputName(for:bytes:)`` or of a variant's name
    /// (``variantPath(for:width:fileExtension:bytes:)``, whose width is part of its stem): a
    /// stem of letters, digits, `-` and `_`, a `-`, the hash in lowercase hex, and maybe a
    /// lowercase extension. (``OutputNames`` asks, before a build removes a file.)
    static func isOutputName(_ name: String) -> Bool {
        let scalars = Array(name.unicodeScalars)
        let dot = scalars.lastIndex(of: ".")
        let base = scalars[..<(dot ?? scalars.endIndex)]
        if let dot {
            let fileExtension = scalars[(dot + 1)...]
            guard !fileExtension.isEmpty, fileExtension.allSatisfy({ ("a"..."z").contains($0) }) else { return false }
        }
        guard base.count > hashLength + 1, base[base.endIndex - hashLength - 1] == "-" else { return false }
        let stem = base[..<(base.endIndex - hashLength - 1)]
        let hash = base[(base.endIndex - hashLength)...]
        return hash.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
            && stem.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }
    }

    /// The file name without its extension, reduced as ``outputName(for:bytes:)`` says, at most
    /// 80 characters.
    private static func safeStem(of fileName: String) -> String {
        let fileExtension = ImagePath.fileExtension(of: fileName)
        let stem = fileExtension.isEmpty ? fileName : String(fileName.dropLast(fileExtension.count + 1))
        var safeStem = ""
        for scalar in stem.unicodeScalars {
            let isSafe = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_")
            let next: Character = isSafe ? Character(scalar) : "-"
            if next == "-" && safeStem.last == "-" { continue }
            safeStem.append(next)
        }
        safeStem = String(safeStem.drop { $0 == "-" }.reversed().drop { $0 == "-" }.reversed())
        if safeStem.isEmpty { safeStem = "image" }
        return String(safeStem.prefix(80))
    }
}
