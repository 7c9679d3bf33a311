import AppDefModel

/// Why the output could not be written. The previous output is as it was (or, when the build
/// failed after it began to put files in place, whole and listed in its record, so that the
/// next build finishes the job).
public struct OutputError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// Writes a build's files into the output folder, in place, touching nothing else.
///
/// The folder holds a `.sab-onboarding` file listing what the tool wrote (``OutputRecord``).
/// The writer only ever creates, replaces and removes what that record lists or the new output
/// has: files and folders it did not write keep their place, contents, modes and setgid bits;
/// special files are not opened; a mount point or a link given as the output stays what it is
/// (through a link, the files go into its target); nothing beside the output is looked at.
/// A non-empty folder without the record is not written into unless `force` is given: that is
/// told from its first entry, without reading the rest.
///
/// Builds into one output take turns under a lock on the folder. A reader of the output during
/// a build sees the previous site or the new one (the order is ``OutputPublication``'s), and a
/// build that fails or is killed leaves the previous site working. Files whose bytes did not
/// change are not rewritten, so they keep their times; when nothing changed, nothing in the
/// output is written. With a fingerprint of the input, the new output is also noted in the
/// user's cache (``OutputCache``), unless that cache is in the output or holds it (``CacheAccess``).
package enum OutputWriter {
    /// What a write did.
    package enum Outcome: Equatable {
        case written
        /// The output already held exactly these files.
        case unchanged
    }

    /// Writes `files` into the folder `directory`. `afterEachChange` is called after each change
    /// made to the folder, for tests that look at it meanwhile. A folder that holds the other
    /// `kind` of output of the tool (its record lists that kind's marker: `review.html` for a
    /// review, `index.html` for a build) is refused unless `force` is given; then its files are
    /// kept, as the record is read for `kind` alone (``OutputRecord``).
    @discardableResult
    package static func write(
        _ files: [OutputFile], to directory: String, force: Bool = false, fingerprint: InputFingerprint? = nil,
        kind: OutputNames.Kind = .carousel, afterEachChange: @escaping () -> Void = {}
    ) throws(OutputError) -> Outcome {
        let target = Paths.standardized(directory)
        let (output, madeOutput) = try openOrMake(target, display: directory)
        let previousText = output.recordText()
        let other = kind.other
        if let previousText, !force, OutputRecord(text: previousText, kind: other).paths.contains(other.marker) {
            throw OutputError(
                message:
                    "the output folder '\(directory)' holds another output of sab-onboarding (\(other.description)); choose another --out, or give --force to write into it (the files of that output are kept)"
            )
        }
        // Whether the tool's temporary names in the folder are the tool's: a record says so.
        var ownsLeftovers = previousText != nil
        if previousText == nil {
            ownsLeftovers = try output.isEmptyButForALeftover()
            guard ownsLeftovers || force else {
                throw OutputError(
                    message:
                        "the output folder '\(directory)' is not empty and was not written by sab-onboarding; choose another --out, empty it, or give --force to write into it (its files are kept)"
                )
            }
        }
        // The fingerprint goes into the record in any case; the cache only where it may be.
        let usesCache = CacheAccess.refusal(for: directory) == nil
        let noted = usesCache ? fingerprint : nil
        // Before any file is checked or written: see OutputCache.write.
        let stamp = noted == nil ? nil : output.takeStamp(clearingLeftover: ownsLeftovers)
        let plan = try OutputPlan(files: files, kind: kind, fingerprint: fingerprint, previousText: previousText, in: output, force: force)
        if plan.isUnchanged {
            // Checked in full: noting the files lets the next rebuild stop after lint.
            if let noted { OutputCache.write(for: files, fingerprint: noted, output: output, at: target, stamp: stamp) }
            return .unchanged
        }
        if usesCache { OutputCache.discard(of: target) }
        try OutputPublication(output: output, plan: plan, afterEachChange: afterEachChange)
            .run(previousText: previousText, ownsLeftovers: ownsLeftovers, madeOutput: madeOutput ? target : nil)
        if let noted { OutputCache.write(for: files, fingerprint: noted, output: output, at: target, stamp: stamp) }
        return .written
    }

    /// The output folder at `target`, made with its parents when missing, open and locked; and
    /// whether this build made it.
    private static func openOrMake(_ target: String, display: String) throws(OutputError) -> (OutputFolder, made: Bool) {
        // Tried again when a build that made the folder and failed removed it between the two calls.
        for _ in 0..<3 {
            let made: Bool
            do {
                made = try FileSystemCalls.makeDirectories(target)
            } catch {
                throw OutputError(message: "cannot create the folder \(error)")
            }
            if let output = try OutputFolder.openLocked(target, display: display) { return (output, made) }
        }
        if FolderWalk.kind(of: target) == .symbolicLink {
            throw OutputError(message: "the output '\(display)' is a link that leads nowhere")
        }
        throw OutputError(message: "cannot open the output folder '\(display)': it was removed while it was being opened")
    }
}
