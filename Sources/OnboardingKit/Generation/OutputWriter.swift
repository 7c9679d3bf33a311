#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why the output could not be written. Nothing of the new output is left behind, and the
/// previous output is as it was.
public struct OutputError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// Writes a whole output folder or nothing.
///
/// The new output is assembled in a temporary folder beside the target and exchanged with it in
/// one step (`renameat2(RENAME_EXCHANGE)` on Linux), under a lock on the parent folder, so that
/// concurrent builds take turns and a build killed at any moment leaves the previous output
/// whole. Files whose bytes did not change are hard-linked, not rewritten, so they keep their
/// modification times; when nothing changed, nothing in the output is written (only the cache
/// in the user's cache folder, and a marker beside the output for a moment).
///
/// The folder holds a `.sab-onboarding` file listing what the tool wrote (``OutputRecord``).
/// Files it does not list were not written by the tool: they are carried over to the new
/// output, never removed. A non-empty folder without that list is not touched unless `force`
/// is given. With a fingerprint of the input, the new output is also noted in the user's cache (``OutputCache``).
enum OutputWriter {
    /// What a write did.
    enum Outcome: Equatable {
        case written
        /// The output already held exactly these files.
        case unchanged
    }

    @discardableResult
    static func write(
        _ files: [OutputFile], to directory: String, force: Bool = false, fingerprint: InputFingerprint? = nil
    ) throws(OutputError) -> Outcome {
        let target = Paths.standardized(directory)
        let parent = Paths.parent(of: target)
        do {
            try FileSystemCalls.makeDirectories(parent)
        } catch {
            throw OutputError(message: "cannot create the folder \(error)")
        }
        guard let lock = FileSystemCalls.lock(folder: parent) else {
            throw OutputError(message: "cannot lock the folder \(parent) for writing")
        }
        defer { FileSystemCalls.release(lock) }
        removeLeftovers(of: target)

        // Before any file is checked or written: see OutputCache.write.
        let stamp = fingerprint == nil ? nil : OutputCache.takeStamp(beside: target)
        let previous = try previousOutput(in: target, display: directory, force: force)
        let record = Array(OutputRecord(paths: files.map(\.path), fingerprint: fingerprint).text.utf8)
        // Files the tool did not write stay where they are when nothing is exchanged.
        if previous.exists && isUnchanged(files, record: record, in: target, written: previous.written) {
            // Checked in full: noting the files lets the next rebuild stop after lint.
            if let fingerprint { OutputCache.write(for: files, fingerprint: fingerprint, output: target, stamp: stamp) }
            return .unchanged
        }
        OutputCache.discard(of: target)
        let marker = inProgressMarker(of: target)
        try? FileSystemCalls.createNewFile(marker)
        defer { unlink(marker) }
        let staging = temporaryPath(beside: target, kind: "new")
        do {
            try FileSystemCalls.makeDirectories(staging)
            for file in files + [OutputFile(path: OutputRecord.fileName, contents: record)] {
                try place(file.contents, at: file.path, in: staging, reusingFrom: previous.exists ? target : nil)
            }
            for path in previous.foreign where !files.contains(where: { $0.path == path }) {
                try carryOver(path, from: target, to: staging)
            }
        } catch {
            try? FileSystemCalls.removeTree(staging)
            throw OutputError(message: "cannot write the output: \(error)")
        }
        try swap(staging, into: target, exists: previous.exists)
        if let fingerprint { OutputCache.write(for: files, fingerprint: fingerprint, output: target, stamp: stamp) }
        return .written
    }

    // MARK: - The previous output

    private struct PreviousOutput {
        var exists = false
        /// The paths the previous build listed as its own.
        var written: Set<String> = []
        /// Files in the folder that the tool did not write.
        var foreign: [String] = []
    }

    /// Reads what is at `target`. Throws when it is a file, or a non-empty folder without the
    /// record of a previous build (unless `force`).
    private static func previousOutput(in target: String, display: String, force: Bool) throws(OutputError) -> PreviousOutput {
        guard let kind = FolderWalk.kind(of: target, followingLinks: true) else { return PreviousOutput() }
        guard kind == .folder else {
            throw OutputError(message: "the output '\(display)' is a file, not a folder")
        }
        let present = try allFiles(under: target, display: display)
        guard let record = OutputRecord.readText(in: target) else {
            guard present.isEmpty || force else {
                throw OutputError(message: "the output folder '\(display)' is not empty and was not written by sab-onboarding; choose another --out, empty it, or give --force to write into it (its files are kept)")
            }
            return PreviousOutput(exists: true, written: [], foreign: present)
        }
        let written = Set(OutputRecord(text: record).paths)
        return PreviousOutput(exists: true, written: written, foreign: present.filter { !written.contains($0) && $0 != OutputRecord.fileName })
    }

    /// Whether the folder already holds exactly these files with these bytes.
    private static func isUnchanged(_ files: [OutputFile], record: [UInt8], in target: String, written: Set<String>) -> Bool {
        guard written == Set(files.map(\.path)),
            RegularFile.bytes(at: Paths.join(target, OutputRecord.fileName)) == record
        else { return false }
        return files.allSatisfy { RegularFile.bytes(at: Paths.join(target, $0.path)) == $0.contents }
    }

    /// Writes a file of the new output, or links the previous output's identical file.
    private static func place(_ bytes: [UInt8], at path: String, in staging: String, reusingFrom previous: String?) throws(FileSystemCalls.Failure) {
        let destination = Paths.join(staging, path)
        try FileSystemCalls.makeDirectories(Paths.parent(of: destination))
        if let previous {
            let old = Paths.join(previous, path)
            if RegularFile.bytes(at: old) == bytes, FileSystemCalls.hardLink(old, destination) { return }
        }
        try FileSystemCalls.writeFile(bytes, to: destination)
    }

    /// The relative paths of the files, links and empty folders under `folder`, sorted: what a
    /// rebuild carries over when the tool did not write it. Links are listed, never followed.
    /// A folder that cannot be listed stops the build: its files could not be carried over, and
    /// replacing the output would lose them.
    private static func allFiles(under folder: String, display: String) throws(OutputError) -> [String] {
        let listing = FolderWalk.listing(under: folder)
        if let unreadable = listing.unreadableFolders.first {
            let shown = unreadable.isEmpty ? display : Paths.join(display, unreadable)
            throw OutputError(message: "cannot list the folder '\(shown)' in the output, so its files could not be kept; nothing was written")
        }
        let entries = listing.entries
        let parents = Set(entries.compactMap { entry in entry.path.lastIndex(of: "/").map { String(entry.path[..<$0]) } })
        return entries.filter { entry in
            switch entry.kind {
            case .regularFile, .symbolicLink: true
            case .folder: !parents.contains(entry.path)
            case .other: false
            }
        }.map(\.path)
    }

    /// Puts a copy of what is at `path` in the previous output into the new one: a file as a
    /// hard link (or a copy), a link as the same link, never followed; an empty folder as one.
    private static func carryOver(_ path: String, from previous: String, to staging: String) throws(FileSystemCalls.Failure) {
        let source = Paths.join(previous, path)
        let destination = Paths.join(staging, path)
        switch FolderWalk.kind(of: source) {
        case .folder?:
            try FileSystemCalls.makeDirectories(destination)
        case .symbolicLink?:
            try FileSystemCalls.makeDirectories(Paths.parent(of: destination))
            try FileSystemCalls.copyLink(source, to: destination)
        default:
            try FileSystemCalls.makeDirectories(Paths.parent(of: destination))
            if !FileSystemCalls.hardLink(source, destination) {
                try FileSystemCalls.copyFile(source, to: destination)
            }
        }
    }

    // MARK: - Swapping

    /// Puts `staging` where `target` is: one atomic exchange where the system has it, else two
    /// renames that keep the old folder until the new one is in place.
    private static func swap(_ staging: String, into target: String, exists: Bool) throws(OutputError) {
        if exists && FileSystemCalls.exchange(staging, target) {
            try? FileSystemCalls.removeTree(staging)  // now the previous output
            return
        }
        guard exists else {
            do {
                try FileSystemCalls.rename(staging, to: target)
            } catch {
                try? FileSystemCalls.removeTree(staging)
                throw OutputError(message: "cannot move the output into place at \(target): \(error.reason)")
            }
            return
        }
        let retired = temporaryPath(beside: target, kind: "old")
        do {
            try FileSystemCalls.rename(target, to: retired)
        } catch {
            try? FileSystemCalls.removeTree(staging)
            throw OutputError(message: "cannot replace the output at \(target): \(error.reason)")
        }
        do {
            try FileSystemCalls.rename(staging, to: target)
        } catch {
            try? FileSystemCalls.rename(retired, to: target)
            try? FileSystemCalls.removeTree(staging)
            throw OutputError(message: "cannot move the output into place at \(target): \(error.reason)")
        }
        try? FileSystemCalls.removeTree(retired)
    }

    /// A name beside `target` that no other build takes: `.out.new-<pid>-<random>` for
    /// `kind` `new` (the folder being assembled) or `old` (the output being replaced). The
    /// process id tells builds apart; the random part, runs of one process.
    private static func temporaryPath(beside target: String, kind: String) -> String {
        var random = SystemRandomNumberGenerator()
        let name = ".\(Paths.lastComponent(of: target)).\(kind)-\(getpid())-\(random.next().paddedHex)"
        return Paths.join(Paths.parent(of: target), name)
    }

    /// Removes what a build killed half-way left beside the target. Called under the lock, so
    /// no other build of this target is running.
    static func removeLeftovers(of target: String) {
        let parent = Paths.parent(of: target)
        let prefixes = [".\(Paths.lastComponent(of: target)).new-", ".\(Paths.lastComponent(of: target)).old-"]
        let names = (try? FolderWalk.names(in: parent)) ?? []
        for name in names where prefixes.contains(where: name.hasPrefix) {
            try? FileSystemCalls.removeTree(Paths.join(parent, name))
        }
    }
}
