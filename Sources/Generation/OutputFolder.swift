import AppDefModel
import SystemPackage

/// The output folder of a build, open and locked: what the writer, the rebuild check and the
/// cache look at and change in it, by paths relative to it (`screens/1.html`).
///
/// The folder itself is opened through a link when `--out` is one; below it nothing is reached
/// through a link (``OpenFolder``). It is locked for as long as it is open, so that builds into
/// one output take turns and a rebuild never sees another build half-way.
package final class OutputFolder {
    package let root: OpenFolder
    /// The folder as the user named it, for messages.
    package let display: String
    /// The folders below the root opened so far, by relative path.
    private var opened: [String: OpenFolder] = [:]

    private init(root: OpenFolder, display: String) {
        self.root = root
        self.display = display
    }

    /// Opens and locks the folder at `target`; `nil` when nothing is there. Throws when it is
    /// something else than a folder or cannot be opened.
    static func openLocked(_ target: String, display: String) throws(OutputError) -> OutputFolder? {
        while true {
            let root: OpenFolder
            do {
                root = try OpenFolder.open(target)
                try root.lock()
            } catch {
                switch error.code {
                case .noSuchFileOrDirectory: return nil
                case .notDirectory where FolderWalk.kind(of: target, followingLinks: true) != nil:
                    throw OutputError(message: "the output '\(display)' is a file, not a folder")
                default: throw OutputError(message: "cannot open the output folder \(error)")
                }
            }
            // A build that made the folder and failed removes it again: then open the new one.
            if !root.isRemoved { return OutputFolder(root: root, display: display) }
        }
    }

    /// The path of `relative` as the user would write it, for messages.
    package func displayPath(of relative: String) -> String {
        relative.isEmpty ? display : Paths.join(display, relative)
    }

    /// `screens/1.html` is the file `1.html` of the folder `screens`; `index.html` is in `""`.
    package static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[..<slash]), String(path[path.index(after: slash)...]))
    }

    /// The folder at `relative` (`""` for the output itself), opened without following links;
    /// `nil` when it is missing or something else is in its place.
    package func folder(_ relative: String) -> OpenFolder? {
        try? openFolder(relative)
    }

    /// The folder at `relative`, opened without following links; throws why it cannot be.
    func openFolder(_ relative: String) throws(FileSystemCalls.Failure) -> OpenFolder {
        if relative.isEmpty { return root }
        if let known = opened[relative] { return known }
        let (parent, name) = Self.split(relative)
        let folder = try openFolder(parent).subfolder(name)
        opened[relative] = folder
        return folder
    }

    /// What is at `path`, a link itself; `nil` when nothing is (or its folder is not there).
    package func status(of path: String) -> Stat? {
        let (folder, name) = Self.split(path)
        return self.folder(folder)?.status(of: name)
    }

    /// The bytes of the regular file at `path`, never through a link, never waiting on a pipe.
    package func bytes(of path: String) -> [UInt8]? {
        let (folder, name) = Self.split(path)
        return self.folder(folder)?.bytes(of: name)
    }

    /// The status of the regular file at `path`, links not followed.
    func fileStatus(of path: String) -> FileStatus? {
        let (folder, name) = Self.split(path)
        return self.folder(folder).flatMap { FileStatus.of(name, in: $0) }
    }

    /// The SHA-256 (hex) of the regular file at `path` (``OutputCache/Entry/digest``), never
    /// through a link; read whole, as the build wrote it whole.
    package func digest(of path: String) -> String? {
        bytes(of: path).map(SHA256.hexDigest(of:))
    }

    /// The record's text, as it is; `nil` when there is none or it is not text.
    func recordText() -> String? {
        root.bytes(of: OutputRecord.fileName).flatMap(String.init(utf8Text:))
    }

    // MARK: - Temporary names

    /// The name a file is written under before it is renamed into place: `.<name>.sab-onboarding-new`
    /// beside it. A build killed half-way may leave one; the next build removes it, as a file
    /// the tool wrote, when the record lists the file it was for.
    static func temporaryName(of name: String) -> String {
        "." + name + ".sab-onboarding-new"
    }

    /// Removes the temporary file of `path` a killed build may have left (a regular file only).
    func removeTemporaryFile(of path: String) throws(FileSystemCalls.Failure) {
        let (folderPath, name) = Self.split(path)
        guard let folder = folder(folderPath) else { return }
        let temporary = Self.temporaryName(of: name)
        if folder.status(of: temporary)?.type == .regular { try folder.removeFile(temporary) }
    }

    /// Whether the folder holds nothing but, maybe, the temporary file of a record: what a first
    /// build killed at its very start leaves. Two entries are read at most, whatever the folder holds.
    func isEmptyButForALeftover() throws(OutputError) -> Bool {
        do {
            let leftover = FilePath.Component(Self.temporaryName(of: OutputRecord.fileName))
            return try root.names(upTo: 2).allSatisfy { $0 == leftover }
        } catch {
            throw OutputError(message: "cannot read the output folder \(error)")
        }
    }

    /// The time of this moment as the output's file system keeps it (its ticks may be coarser
    /// than the system clock's): the change time of a file made and removed in the output, under
    /// the record's temporary name. `nil` when it cannot be made (a read-only output).
    /// `clearingLeftover` first removes such a file a killed build left: only when the folder
    /// has a record, so that the name is the tool's.
    func takeStamp(clearingLeftover: Bool) -> Int64? {
        let name = Self.temporaryName(of: OutputRecord.fileName)
        if clearingLeftover { try? removeTemporaryFile(of: OutputRecord.fileName) }
        guard (try? root.createFile(name, contents: [])) != nil else { return nil }
        defer { try? root.removeFile(name) }
        return FileStatus.of(name, in: root)?.changed
    }
}
