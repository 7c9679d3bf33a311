import AppDefModel
import PathText
import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension OutputCache {
    /// How often the cache folder is pruned: a day, in nanoseconds.
    static let pruningInterval: Int64 = 86_400 * 1_000_000_000

    /// Removes the caches of output folders that are gone, at most once a pruning interval: a
    /// build farm or a test suite writes thousands of outputs into temporary folders, and each
    /// left a cache behind. Done by full builds only, so an unchanged rebuild never pays for it.
    static func pruneIfDue() {
        guard let folder else { return }
        prune(folder, now: currentTime())
    }

    /// Prunes `folder` when its mark (`last-pruned`) is older than the interval, or is not a
    /// file, and renews the mark first, so that concurrent builds do not all prune. Kept:
    /// caches whose output folder exists, and files that cannot be read as a cache but are
    /// younger than the interval (one may be being written).
    static func prune(_ folder: String, now: Int64) {
        let mark = Paths.join(folder, "last-pruned")
        if let marked = FileStatus.of(mark), now - marked.modified < pruningInterval { return }
        // A mark that cannot be renewed (a folder with files in it, which the build does not
        // delete) does not stop pruning: the cache is pruned at every full build instead.
        if (try? FileSystemCalls.writeFile([], to: mark)) == nil { _ = renewedMark(at: mark) }
        if let images = subfolder(in: folder, "images") { pruneImages(in: images, now: now) }
        if let fonts = subfolder(in: folder, "fonts") { WebFontCache.prune(in: fonts, now: now) }
        // The caches' names are the tool's, in UTF-8: a name that is not cannot be one.
        for name in ((try? FolderWalk.names(in: folder)) ?? []).compactMap(String.init(validating:)) where name.hasSuffix(".cache") {
            let path = Paths.join(folder, name)
            if let cache = OutputCache.contents(at: path) {
                if FolderWalk.kind(of: cache.output, followingLinks: true) != .folder { PathText.withCString(path) { _ = unlink($0) } }
            } else if let status = FileStatus.of(path), now - status.modified >= pruningInterval {
                PathText.withCString(path) { _ = unlink($0) }
            }
        }
    }

    /// Puts a new mark in place of what is at `mark` and is no file (a pipe, a link or an empty
    /// folder a restored cache held; a link is never written through), so that the next builds
    /// of the day need not prune.
    private static func renewedMark(at mark: String) -> Bool {
        PathText.withCString(mark) { path in
            if FolderWalk.kind(of: mark) == .folder { _ = rmdir(path) } else { _ = unlink(path) }
        }
        return (try? FileSystemCalls.createFile([], at: mark)) != nil
    }

    /// How long a source image's variants stay in the cache unused: 30 days.
    static let imageRetention: Int64 = 30 * pruningInterval

    /// Removes the image variants no build used for ``imageRetention``, and what killed builds
    /// left (``SealedCacheFile/prune(in:suffix:now:)``).
    static func pruneImages(in folder: String, now: Int64) {
        SealedCacheFile.prune(in: folder, suffix: ".variants", now: now)
    }

    /// Now, in nanoseconds since 1970, as file times are kept.
    private static func currentTime() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }
}
