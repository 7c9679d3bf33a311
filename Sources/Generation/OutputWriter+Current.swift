import AppDefModel

extension OutputWriter {
    /// The files of the output at `directory` when it is what a build with this fingerprint
    /// writes, so that the build can stop before rendering; `nil` when it must go on.
    ///
    /// Current means: the record's fingerprint is this one, the cache was written with it by
    /// this executable, and every file the record lists is there as the cache notes it (see
    /// ``OutputCache/confirms(_:in:)``). Files the tool did not write are not looked at: a
    /// build leaves them as they are. Checked under the lock builds write under, so a
    /// concurrent build is never seen half-way. A build that was killed had removed the cache
    /// first, so its leftovers always send the next build on to the writer, which clears them.
    package static func currentFiles(in directory: String, fingerprint: InputFingerprint) -> [String]? {
        let target = Paths.standardized(directory)
        guard CacheAccess.refusal(for: directory) == nil, let output = try? OutputFolder.openLocked(target, display: directory),
            // The record is part of the output: it must read exactly as a build writes it.
            let recordText = output.recordText(), case let record = OutputRecord(text: recordText, kind: .carousel),
            record.fingerprint == fingerprint, record.text == recordText,
            let cache = OutputCache.read(of: target), cache.fingerprint == fingerprint,
            cache.confirms(record.paths, in: output)
        else { return nil }
        return record.paths
    }
}
