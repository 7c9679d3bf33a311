import AppDefModel

/// Carries out an ``OutputPlan`` in the output folder, in place, in an order that keeps the
/// folder a whole site at every moment:
///
/// 1. the record is rewritten as the plan's pending record, listing all the previous build and
///    this one write, so that a build killed from here on leaves a record of everything it may
///    have written, and no fingerprint (the next build then writes in full);
/// 2. leftovers of a killed build (temporary files of paths the record lists) are removed, the
///    missing folders made, and every changed file written under a temporary name beside its
///    place: this is where a full disk or any other write failure shows, and then all of it is
///    undone (the record put back, the temporary files and the folders made removed) and the
///    previous site is as it was;
/// 3. each file is renamed into place, in the plan's order: assets, pages, manifest, index;
/// 4. files and folders of the previous build that this one has no more are removed;
/// 5. the record is rewritten as the plan's final record.
///
/// Nothing else in the folder is opened, moved, removed or changed.
struct OutputPublication {
    let output: OutputFolder
    let plan: OutputPlan
    /// Called after each change a reader of the folder can see (the record or a file put in
    /// place, a file or folder removed), for tests that look at it meanwhile.
    let afterEachChange: () -> Void

    typealias Failure = FileSystemCalls.Failure

    /// Publishes the plan. `previousText` is the record before; `ownsLeftovers` whether the
    /// tool's temporary names in the folder are its own (there is a record, or nothing else);
    /// `madeOutput` the path of the output folder when this build made it (removed again when
    /// the build fails early).
    func run(previousText: String?, ownsLeftovers: Bool, madeOutput: String?) throws(OutputError) {
        var written: [String] = []
        do {
            try replace(OutputRecord.fileName, with: Array(plan.pending.text.utf8), clearingLeftover: ownsLeftovers)
            afterEachChange()
            for path in plan.previouslyWritten { try output.removeTemporaryFile(of: path) }
            for folder in plan.foldersToMake {
                let (parent, name) = OutputFolder.split(folder)
                try output.openFolder(parent).makeFolder(name)
            }
            for file in plan.changed {
                let (folder, name) = OutputFolder.split(file.path)
                try output.openFolder(folder).createFile(OutputFolder.temporaryName(of: name), contents: file.contents)
                written.append(file.path)
            }
        } catch {
            undo(written: written, previousText: previousText, madeOutput: madeOutput)
            throw OutputError(message: "cannot write the output: \(error); nothing was changed")
        }
        do {
            for file in plan.changed {
                let (folder, name) = OutputFolder.split(file.path)
                try output.openFolder(folder).rename(OutputFolder.temporaryName(of: name), to: name)
                afterEachChange()
            }
            try removeStale()
            try replace(OutputRecord.fileName, with: Array(plan.record.text.utf8), clearingLeftover: true)
            afterEachChange()
        } catch {
            throw OutputError(message: "cannot finish writing the output: \(error); the next build finishes it")
        }
    }

    /// Writes `path` under its temporary name and renames it into place. `clearingLeftover`
    /// removes a temporary file of that name first: one a killed build of the tool left.
    private func replace(_ path: String, with bytes: [UInt8], clearingLeftover: Bool) throws(Failure) {
        if clearingLeftover { try output.removeTemporaryFile(of: path) }
        let (folderPath, name) = OutputFolder.split(path)
        let folder = try output.openFolder(folderPath)
        let temporary = OutputFolder.temporaryName(of: name)
        do {
            try folder.createFile(temporary, contents: bytes)
            try folder.rename(temporary, to: name)
        } catch {
            try? folder.removeFile(temporary)
            throw error
        }
    }

    /// Removes the files the previous build wrote that this one does not, and then the folders
    /// it made that are left empty. Only regular files are removed: anything else at such a path
    /// was put there by someone else. A folder that is not empty holds the user's files and stays.
    private func removeStale() throws(Failure) {
        for path in plan.stale {
            let (folderPath, name) = OutputFolder.split(path)
            guard let folder = output.folder(folderPath), folder.status(of: name)?.type == .regular else { continue }
            try folder.removeFile(name)
            afterEachChange()
        }
        for path in plan.staleFolders {
            let (parentPath, name) = OutputFolder.split(path)
            guard let parent = output.folder(parentPath), parent.status(of: name)?.type == .directory else { continue }
            if (try? parent.removeEmptyFolder(name)) != nil { afterEachChange() }
        }
    }

    /// Takes back what a build that failed before its first rename did: the temporary files it
    /// wrote, the folders it made, the record, and the output folder when it made it. Best
    /// effort: what cannot be removed stays listed in the pending record, for the next build.
    private func undo(written: [String], previousText: String?, madeOutput: String?) {
        var clean = true
        for path in written {
            let (folderPath, name) = OutputFolder.split(path)
            if (try? output.openFolder(folderPath).removeFile(OutputFolder.temporaryName(of: name))) == nil { clean = false }
        }
        for folder in plan.foldersToMake.reversed() {
            let (parent, name) = OutputFolder.split(folder)
            guard let parentFolder = output.folder(parent), parentFolder.status(of: name) != nil else { continue }
            if (try? parentFolder.removeEmptyFolder(name)) == nil { clean = false }
        }
        guard clean else { return }
        if let previousText {
            try? replace(OutputRecord.fileName, with: Array(previousText.utf8), clearingLeftover: true)
        } else {
            try? output.root.removeFile(OutputRecord.fileName)
            if let madeOutput { try? FileSystemCalls.removeEmptyFolder(madeOutput) }
        }
    }
}
