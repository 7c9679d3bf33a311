/// The folder an appDef's onboarding images are copied to by SAB: `images/onboarding` beside
/// the appDef file, or the folder given with `--images`. Looks files up by name, refuses links
/// that lead out of the folder, and inspects each file once.
final class ImageFolder {
    /// What was found for a file name.
    enum Lookup {
        case found(ImageFile)
        /// No such file; `suggestion` is a file whose name differs only in case.
        case missing(suggestion: String?)
        /// The name is a link to somewhere outside the folder.
        case outsideFolder
        /// It exists but is a folder or cannot be read.
        case unreadable(reason: String)
    }

    /// An image file and what its bytes say it is.
    struct ImageFile {
        var path: String
        var bytes: [UInt8]
        var sniffedFormat: ImageFormat?
        var size: ImageSize?
    }

    /// The folder as it is shown in diagnostics.
    let displayPath: String
    /// The folder's absolute path.
    private let folder: String
    private var cache: [String: Lookup] = [:]

    init(appDefPath: String, override: String?) {
        if let override {
            displayPath = override
            folder = Paths.absolute(override)
        } else {
            folder = Paths.join(Paths.parent(of: Paths.absolute(appDefPath)), "images/onboarding")
            // Not NSString's path methods: on Linux they trap on some short paths ("x").
            let parent = appDefPath.lastIndex(of: "/").map { String(appDefPath[..<$0]) }
            displayPath = parent.map { ($0.isEmpty ? "" : $0) + "/images/onboarding" } ?? "images/onboarding"
        }
    }

    /// Looks up a file name already checked with ``ImagePath/unsafeReason(_:)``.
    func lookUp(_ fileName: String) -> Lookup {
        if let known = cache[fileName] { return known }
        let result = findAndInspect(fileName)
        cache[fileName] = result
        return result
    }

    private func findAndInspect(_ fileName: String) -> Lookup {
        let file = Paths.join(folder, fileName)
        guard let kind = FolderWalk.kind(of: file, followingLinks: true) else {
            return .missing(suggestion: caseInsensitiveMatch(for: fileName))
        }
        guard Paths.leadsInside(file, folder: folder) else {
            return .outsideFolder
        }
        if kind == .folder { return .unreadable(reason: "it is a folder") }
        // Reading a pipe or a device could block for ever.
        guard kind == .regularFile else { return .unreadable(reason: "it is not a regular file") }
        guard let bytes = RegularFile.bytes(at: file) else {
            return .unreadable(reason: "permission denied or read error")
        }
        let format = ImageInspector.sniffFormat(bytes)
        let size = format.flatMap { ImageInspector.size(of: bytes, format: $0) }
        return .found(ImageFile(path: file, bytes: bytes, sniffedFormat: format, size: size))
    }

    private func caseInsensitiveMatch(for fileName: String) -> String? {
        let names = ((try? FolderWalk.names(in: folder)) ?? []).map(\.string)
        return names.sorted().first { $0.lowercased() == fileName.lowercased() }
    }
}
