internal import FontProcessing
import SystemPackage

/// A font file of the fonts folder as lint and the build open it: by its name in the folder,
/// never through a link (whether it leads to another font of the folder, out of the project to
/// a file the author never meant to publish, or was put in the font's place after lint looked
/// at it), and never more of it than the largest font the build takes.
package enum FontSourceFile {
    /// What lint and the build say of a link where a font file is named.
    static let linkReason = "it is a link, which the build never follows: put the font file itself in the fonts folder"
    /// What they say when the fonts folder is a link.
    static let folderLinkReason =
        "the fonts folder is a link, which the build never follows: put the fonts themselves in a fonts folder beside the appDef"
    /// What they say of a folder.
    static let folderReason = "it is a folder, not a file"
    /// What they say of a pipe, a device or a socket.
    static let notRegularReason = "it is not a regular file (a pipe, a device or a socket), which the build never reads"

    /// Why a font file gives no bytes: the words that follow "is not a font the build can
    /// publish:" in a diagnostic.
    package struct Problem: Error, Equatable {
        package var reason: String
    }

    /// The file at `path`, open for reading a window at a time.
    package static func open(_ path: String) -> Result<ImageFileBytes, Problem> {
        switch RegularFile.openInFolderNotFollowingLinks(path) {
        case .success(let (file, size)): .success(ImageFileBytes(file: file, count: size))
        case .failure(.link): .failure(Problem(reason: linkReason))
        case .failure(.folderLink): .failure(Problem(reason: folderLinkReason))
        case .failure(.notRegularFile): .failure(Problem(reason: notRegularReason))
        case .failure(.unreadable): .failure(Problem(reason: "the file cannot be read"))
        }
    }

    /// All the bytes of the file at `path`, read from the one descriptor it is opened with, so
    /// that what is checked and subset is what was opened; refused unread past the largest
    /// font taken (a sparse file can claim 64 GB).
    package static func bytes(at path: String) -> Result<[UInt8], Problem> {
        let file: ImageFileBytes
        switch open(path) {
        case .success(let opened): file = opened
        case .failure(let problem): return .failure(problem)
        }
        let largest = FontFileStructure.largestFont
        guard file.count <= largest else {
            return .failure(Problem(reason: "it is \(file.count >> 20) MB, more than the \(largest >> 20) MB the build takes of a font"))
        }
        // A file that grew since it was opened is read only to its size then.
        guard let bytes = file.bytes(at: 0, count: file.count) else { return .failure(Problem(reason: "the file cannot be read")) }
        return .success(bytes)
    }
}
