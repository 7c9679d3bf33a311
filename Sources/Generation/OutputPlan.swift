import AppDefModel

/// What a build changes in its output folder, worked out before anything is written: the files
/// whose bytes are not there yet, the folders to make, what the previous build wrote that this
/// one no longer has, and the record. Anything in the way (a folder, a link or a pipe where a
/// file goes; a file or a link where a folder goes) stops the build here, with nothing written.
struct OutputPlan {
    /// The record the build ends with.
    let record: OutputRecord
    /// The record while the build runs: everything the previous build and this one write, so
    /// that a build killed half-way leaves a record of all it may have written (and no
    /// fingerprint, so that the next build writes in full).
    let pending: OutputRecord
    /// The files whose bytes are not already in place, in the order they are published.
    let changed: [OutputFile]
    /// Folders to make, parents first.
    let foldersToMake: [String]
    /// Files of the previous record that this build does not write, pages first.
    let stale: [String]
    /// Folders the tool made that this build has no file in, children first.
    let staleFolders: [String]
    /// The paths whose temporary files a killed build may have left: those of the previous record.
    let previouslyWritten: [String]
    /// Whether the record in the folder already reads as `record`.
    let recordIsCurrent: Bool

    /// Whether the folder already holds this output: nothing to write, nothing to remove.
    var isUnchanged: Bool {
        changed.isEmpty && stale.isEmpty && staleFolders.isEmpty && recordIsCurrent
    }

    /// With a previous record and without `force`, a file where this build writes one that
    /// the record does not list, with other bytes than the build's, is someone else's: the
    /// build stops before writing (a record planted in a folder of the user's, `docs/` with its
    /// own `index.html`, is no leave to replace it).
    init(
        files: [OutputFile], kind: OutputNames.Kind, fingerprint: InputFingerprint?, previousText: String?, in output: OutputFolder,
        force: Bool = false
    ) throws(OutputError) {
        let previous = previousText.map { OutputRecord(text: $0, kind: kind) } ?? OutputRecord(paths: [], fingerprint: nil)
        let paths = files.map(\.path)
        var neededFolders: Set<String> = []
        for path in paths {
            var folder = OutputFolder.split(path).folder
            while !folder.isEmpty, neededFolders.insert(folder).inserted { folder = OutputFolder.split(folder).folder }
        }
        var toMake: [String] = []
        var made: [String] = []
        for folder in neededFolders.sorted() {
            switch output.status(of: folder)?.type {
            case nil:
                toMake.append(folder)
                made.append(folder)
            case .directory?:
                if previous.folders.contains(folder) { made.append(folder) }
            default:
                throw OutputError(
                    message:
                        "cannot write the output: '\(output.displayPath(of: folder))' is not a folder (a file or a link is in its place); nothing was written")
            }
        }
        // What is in the way is not opened: a pipe would wait for a writer.
        if let status = output.status(of: OutputRecord.fileName), status.type != .regular {
            throw Self.notAFile(OutputRecord.fileName, in: output)
        }
        var changed: [OutputFile] = []
        var othersFiles: [String] = []
        let listed = Set(previous.paths)
        for file in files {
            guard let status = output.status(of: file.path) else {
                changed.append(file)
                continue
            }
            guard status.type == .regular else { throw Self.notAFile(file.path, in: output) }
            if status.size != Int64(file.contents.count) || output.bytes(of: file.path) != file.contents {
                changed.append(file)
                if previousText != nil, !listed.contains(file.path) { othersFiles.append(file.path) }
            }
        }
        if !othersFiles.isEmpty, !force {
            let shown = othersFiles.prefix(3).map { "'\(output.displayPath(of: $0))'" }.joined(separator: ", ")
            throw OutputError(
                message:
                    "the output folder holds files that sab-onboarding did not write where it writes its own (\(shown)\(othersFiles.count > 3 ? ", …" : "")), though its record says it wrote there; choose another --out, or give --force to replace them; nothing was written"
            )
        }
        let newPaths = Set(paths)
        record = OutputRecord(paths: paths, folders: made, fingerprint: fingerprint)
        pending = OutputRecord(
            paths: Array(newPaths.union(previous.paths)), folders: Array(Set(made).union(previous.folders)), fingerprint: nil)
        self.changed = changed.sorted { (Self.publishingRank(of: $0.path), $0.path) < (Self.publishingRank(of: $1.path), $1.path) }
        foldersToMake = toMake
        // Pages before what they refer to: a page still there never refers to a file removed.
        stale = previous.paths.filter { !newPaths.contains($0) && Self.isStillWhatTheToolWrote($0, in: output) }
            .sorted { (-Self.publishingRank(of: $0), $0) < (-Self.publishingRank(of: $1), $1) }
        staleFolders = previous.folders.filter { !neededFolders.contains($0) }.sorted(by: >)
        previouslyWritten = previous.paths
        recordIsCurrent = previousText == record.text
    }

    /// Whether the file at `path`, which the previous record lists and this build does not
    /// write, may be removed as the tool's. An image's or a font's name ends with the first hex
    /// digits of its bytes' SHA-256 (``ImageAsset/outputName(for:digest:)``): a file so named
    /// whose bytes do not give them is not the tool's, whatever a record planted in the folder
    /// says, and stays (`images/banner-2024010101.pdf`). Other names are the tool's fixed ones.
    static func isStillWhatTheToolWrote(_ path: String, in output: OutputFolder) -> Bool {
        let (folder, name) = OutputFolder.split(path)
        let folderName = Paths.lastComponent(of: folder)
        guard folderName == OutputNames.imagesFolder || folderName == OutputNames.fontsFolder else { return true }
        let stem = name.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? name
        guard stem.count > ImageAsset.hashLength, let bytes = output.bytes(of: path) else { return false }
        return SHA256.hexDigest(of: bytes).hasPrefix(stem.suffix(ImageAsset.hashLength))
    }

    private static func notAFile(_ path: String, in output: OutputFolder) -> OutputError {
        OutputError(
            message:
                "cannot write the output: '\(output.displayPath(of: path))' is not a file (a folder, a link or a special file is in its place); nothing was written"
        )
    }

    /// Files go into place in this order, so that a reader of the output meanwhile finds a
    /// whole site, the previous one or the new one: what pages refer to (images and fonts under
    /// content-hashed names, the style sheet, the scripts) first; then the screen pages; then
    /// the manifest, which lists the pages and images; then `index.html`, where a visitor
    /// enters; in a review's folder, `review.html` last, which frames that carousel. (The style
    /// sheet and scripts keep their names, so for that moment a page of the previous build may
    /// get the new ones.)
    static func publishingRank(of path: String) -> Int {
        if path == ReviewPage.pagePath { return 4 }
        if OutputFolder.split(path).name == "index.html" { return 3 }
        if path.hasSuffix(".json") { return 2 }
        if path.hasSuffix(".html") { return 1 }
        return 0
    }
}
