extension OutputWriter {
    /// The files of the output at `directory` when it is what a build with this fingerprint
    /// writes, so that the build can stop before rendering; `nil` when it must go on.
    ///
    /// Current means: the record's fingerprint is this one, the cache was written with it by
    /// this executable, and every file the record lists is there as the cache notes it (see
    /// ``OutputCache/confirms(_:in:)``). Files the tool did not write are not looked at: a
    /// build leaves them as they are. Checked under the lock builds write under, so a
    /// concurrent build is never seen half-way; what killed builds left beside the output is
    /// cleared as a writing build would, when a build left its marker.
    static func currentFiles(in directory: String, fingerprint: InputFingerprint) -> [String]? {
        let target = Paths.standardized(directory)
        guard let lock = FileSystemCalls.lock(folder: Paths.parent(of: target)) else { return nil }
        defer { FileSystemCalls.release(lock) }
        // Anything by the marker's name counts, a link too: it is cleared with the leftovers.
        if FolderWalk.kind(of: inProgressMarker(of: target)) != nil { removeLeftovers(of: target) }
        // The record is part of the output: it must read exactly as a build writes it.
        guard let recordText = OutputRecord.readText(in: target), case let record = OutputRecord(text: recordText),
            record.fingerprint == fingerprint, record.text == recordText,
            let cache = OutputCache.read(of: target), cache.fingerprint == fingerprint,
            cache.confirms(record.paths, in: target)
        else { return nil }
        return record.paths
    }

    /// A file a writing build keeps beside the output while it assembles the new one. Left
    /// behind, it says a killed build may have left a folder there too. Looking for it is one
    /// call, where listing the parent folder to find leftovers costs a millisecond in a folder
    /// of a few thousand entries such as /tmp: more than the rest of an unchanged rebuild.
    /// Its name has the leftovers' prefix, so clearing them clears it too.
    static func inProgressMarker(of target: String) -> String {
        Paths.join(Paths.parent(of: target), ".\(Paths.lastComponent(of: target)).new-in-progress")
    }
}
