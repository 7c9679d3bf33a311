#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
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
/// modification times; when nothing changed, nothing is written at all.
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
        let fileManager = FileManager.default
        let target = URL(fileURLWithPath: directory).standardizedFileURL
        let parent = target.deletingLastPathComponent()
        do {
            try FileSystemCalls.makeDirectories(parent.path)
        } catch {
            throw OutputError(message: "cannot create the folder \(error)")
        }
        guard let lock = FileSystemCalls.lock(folder: parent.path) else {
            throw OutputError(message: "cannot lock the folder \(parent.path) for writing")
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
        try? FileSystemCalls.writeFile([], to: marker)
        defer { unlink(marker) }
        let staging = parent.appendingPathComponent(".\(target.lastPathComponent).new-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")
        do {
            try FileSystemCalls.makeDirectories(staging.path)
            for file in files + [OutputFile(path: OutputRecord.fileName, contents: record)] {
                try place(file.contents, at: file.path, in: staging, reusingFrom: previous.exists ? target : nil)
            }
            for path in previous.foreign where !files.contains(where: { $0.path == path }) {
                try carryOver(path, from: target, to: staging)
            }
        } catch {
            try? fileManager.removeItem(at: staging)
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
    private static func previousOutput(in target: URL, display: String, force: Bool) throws(OutputError) -> PreviousOutput {
        guard let kind = FolderWalk.kind(of: target.path, followingLinks: true) else { return PreviousOutput() }
        guard kind == .folder else {
            throw OutputError(message: "the output '\(display)' is a file, not a folder")
        }
        let present = allFiles(under: target)
        guard let record = OutputRecord.readText(in: target.path) else {
            guard present.isEmpty || force else {
                throw OutputError(message: "the output folder '\(display)' is not empty and was not written by sab-onboarding; choose another --out, empty it, or give --force to write into it (its files are kept)")
            }
            return PreviousOutput(exists: true, written: [], foreign: present)
        }
        let written = Set(OutputRecord(text: record).paths)
        return PreviousOutput(exists: true, written: written, foreign: present.filter { !written.contains($0) && $0 != OutputRecord.fileName })
    }

    /// Whether the folder already holds exactly these files with these bytes.
    private static func isUnchanged(_ files: [OutputFile], record: [UInt8], in target: URL, written: Set<String>) -> Bool {
        guard written == Set(files.map(\.path)),
            contents(of: target.appendingPathComponent(OutputRecord.fileName)) == record
        else { return false }
        return files.allSatisfy { contents(of: target.appendingPathComponent($0.path)) == $0.contents }
    }

    /// Writes a file of the new output, or links the previous output's identical file.
    private static func place(_ bytes: [UInt8], at path: String, in staging: URL, reusingFrom previous: URL?) throws(FileSystemCalls.Failure) {
        let destination = staging.appendingPathComponent(path)
        try FileSystemCalls.makeDirectories(destination.deletingLastPathComponent().path)
        if let previous {
            let old = previous.appendingPathComponent(path)
            if contents(of: old) == bytes, FileSystemCalls.hardLink(old.path, destination.path) { return }
        }
        try FileSystemCalls.writeFile(bytes, to: destination.path)
    }

    private static func contents(of url: URL) -> [UInt8]? {
        FileManager.default.contents(atPath: url.path).map { [UInt8]($0) }
    }

    /// The relative paths of the files, links and empty folders under `folder`, sorted: what a
    /// rebuild carries over when the tool did not write it. Links are listed, never followed.
    private static func allFiles(under folder: URL) -> [String] {
        let entries = FolderWalk.entries(under: folder.path)
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
    private static func carryOver(_ path: String, from previous: URL, to staging: URL) throws {
        let source = previous.appendingPathComponent(path).path
        let destination = staging.appendingPathComponent(path).path
        switch FolderWalk.kind(of: source) {
        case .folder?:
            try FileSystemCalls.makeDirectories(destination)
        case .symbolicLink?:
            try FileSystemCalls.makeDirectories(staging.appendingPathComponent(path).deletingLastPathComponent().path)
            try FileSystemCalls.copyLink(source, to: destination)
        default:
            try FileSystemCalls.makeDirectories(staging.appendingPathComponent(path).deletingLastPathComponent().path)
            if !FileSystemCalls.hardLink(source, destination) {
                try FileSystemCalls.copyFile(source, to: destination)
            }
        }
    }

    // MARK: - Swapping

    /// Puts `staging` where `target` is: one atomic exchange where the system has it, else two
    /// renames that keep the old folder until the new one is in place.
    private static func swap(_ staging: URL, into target: URL, exists: Bool) throws(OutputError) {
        let fileManager = FileManager.default
        if exists && FileSystemCalls.exchange(staging.path, target.path) {
            try? fileManager.removeItem(at: staging)  // now the previous output
            return
        }
        guard exists else {
            do {
                try FileSystemCalls.rename(staging.path, to: target.path)
            } catch {
                try? fileManager.removeItem(at: staging)
                throw OutputError(message: "cannot move the output into place at \(target.path): \(error.reason)")
            }
            return
        }
        let retired = staging.deletingLastPathComponent().appendingPathComponent(
            ".\(target.lastPathComponent).old-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")
        do {
            try FileSystemCalls.rename(target.path, to: retired.path)
        } catch {
            try? fileManager.removeItem(at: staging)
            throw OutputError(message: "cannot replace the output at \(target.path): \(error.reason)")
        }
        do {
            try FileSystemCalls.rename(staging.path, to: target.path)
        } catch {
            try? FileSystemCalls.rename(retired.path, to: target.path)
            try? fileManager.removeItem(at: staging)
            throw OutputError(message: "cannot move the output into place at \(target.path): \(error.reason)")
        }
        try? fileManager.removeItem(at: retired)
    }

    /// Removes what a build killed half-way left beside the target. Called under the lock, so
    /// no other build of this target is running.
    static func removeLeftovers(of target: URL) {
        let parent = target.deletingLastPathComponent()
        let prefixes = [".\(target.lastPathComponent).new-", ".\(target.lastPathComponent).old-"]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        for name in names where prefixes.contains(where: name.hasPrefix) {
            try? FileManager.default.removeItem(at: parent.appendingPathComponent(name))
        }
    }
}
