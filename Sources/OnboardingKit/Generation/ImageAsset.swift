/// An image file as it is copied into the output: under a safe, content-hashed name, with the
/// size the page reserves for it.
public struct ImageAsset: Hashable, Sendable {
    /// The file name in the images folder.
    public var sourceFileName: String
    /// The path in the output folder: `images/<name>-<hash>.<ext>`.
    public var outputPath: String
    public var size: ImageSize
    var bytes: [UInt8]

    init(sourceFileName: String, bytes: [UInt8], size: ImageSize) {
        self.sourceFileName = sourceFileName
        self.bytes = bytes
        self.size = size
        self.outputPath = "images/" + Self.outputName(for: sourceFileName, bytes: bytes)
    }

    /// `<name>-<hash>.<ext>`: the name reduced to letters, digits, `-`, `_` and `.` (no path,
    /// no control characters, nothing HTML or CSS could read as syntax), the extension lowercased,
    /// and the first 10 hex digits of the content's SHA-256 so that a changed image gets a new URL.
    static func outputName(for fileName: String, bytes: [UInt8]) -> String {
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
        let safeExtension = String(fileExtension.unicodeScalars.filter { $0.isASCII && $0.properties.isAlphabetic }.map(Character.init))
        let hash = String(SHA256.hexDigest(of: bytes).prefix(10))
        return "\(safeStem.prefix(80))-\(hash)" + (safeExtension.isEmpty ? "" : ".\(safeExtension)")
    }
}
