import AppDefModel
import PathText

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One file of the user's cache (``OutputCache/folder``) sealed with the user's key
/// (``CacheSeal``): how ``ImageVariantCache`` and ``WebFontCache`` read and write theirs.
///
/// A file is read whole only within a size (a sparse one, planted, is not read into memory),
/// used only when its seal is this key's for this name, and its time renewed when its contents
/// read back whole (pruning removes files unused for long). It is written under a temporary
/// name of its own and renamed into place, so a reader never sees half of one. The folder may
/// be shared, or restored from elsewhere: the temporary file is created anew (`O_EXCL`, never
/// through a link), so a file or link planted at its name (predicted from the process id) is
/// never written through; another name is tried instead.
enum SealedCacheFile {
    /// What a cache file gives.
    enum Read<Contents: Equatable>: Equatable {
        /// Its contents, read back whole, not yet checked as input (each cache's user does).
        case contents(Contents)
        /// Something is there that is no such file, or not a whole one.
        case unreadable
        /// A file whose seal is not this key's for this name and contents: written with
        /// another key, changed since, or copied from another name.
        case notSealed
    }

    /// What the file `name` in `folder` holds, as `parse` reads its contents (its seal taken
    /// off; `nil` unless they read back whole); `nil` without a file, or without a folder or a
    /// key (then nothing is read: nothing could be told from a planted file).
    static func read<Contents>(
        _ name: String, in folder: String?, key: [UInt8]?, maximumSize: Int, parse: ([UInt8]) -> Contents?
    ) -> Read<Contents>? {
        guard let folder, let key else { return nil }
        let path = Paths.join(folder, name)
        guard let bytes = RegularFile.bytes(at: path, maximumSize: maximumSize) else {
            return PathText.withCString(path) { access($0, F_OK) } == 0 ? .unreadable : nil
        }
        guard let payload = CacheSeal.opened(bytes, name: name, key: key) else { return .notSealed }
        guard let contents = parse(payload) else { return .unreadable }
        PathText.withCString(path) { _ = utimensat(AT_FDCWD, $0, nil, AT_SYMLINK_NOFOLLOW) }
        return .contents(contents)
    }

    /// Stores `contents` as `name` in `folder`, sealed with `key`; a cache that cannot be
    /// written (no home folder, a full disk, no key) is skipped: a build needs none.
    static func write(_ contents: [UInt8], as name: String, in folder: String?, key: [UInt8]?) {
        guard let folder, let key, (try? FileSystemCalls.makeDirectories(folder)) != nil else { return }
        let bytes = CacheSeal.sealed(contents, name: name, key: key)
        let path = Paths.join(folder, name)
        for _ in 0..<8 {
            // Pruning removes what a killed build left by this infix (``prune(in:suffix:now:)``).
            let temporary = path + ".tmp-\(getpid())-\(UInt32.random(in: .min ... .max))"
            do {
                try FileSystemCalls.createFile(bytes, at: temporary)
            } catch {
                // Something is at that name: it is not ours to remove. Another name, then.
                if error.code == .fileExists { continue }
                PathText.withCString(temporary) { _ = unlink($0) }
                return
            }
            let renamed = PathText.withCString(temporary) { from in PathText.withCString(path) { to in rename(from, to) } }
            if renamed != 0 { PathText.withCString(temporary) { _ = unlink($0) } }
            return
        }
    }

    /// Removes from `folder` the files named `…suffix` no build used for
    /// ``OutputCache/imageRetention`` (each use renews a file's time), and temporary files
    /// older than ``OutputCache/pruningInterval`` (a killed build's).
    static func prune(in folder: String, suffix: String, now: Int64) {
        for name in ((try? FolderWalk.names(in: folder)) ?? []).compactMap(String.init(validating:)) {
            let path = Paths.join(folder, name)
            guard let status = FileStatus.of(path) else { continue }
            let age = now - status.modified
            if (name.hasSuffix(suffix) && age >= OutputCache.imageRetention) || (name.contains(".tmp-") && age >= OutputCache.pruningInterval) {
                PathText.withCString(path) { _ = unlink($0) }
            }
        }
    }
}
