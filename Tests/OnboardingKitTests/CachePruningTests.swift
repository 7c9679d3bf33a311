import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// The cache folder keeps the caches of outputs that exist, and is pruned at most once a day.
struct CachePruningTests {
    let folder = TemporaryFolder()
    let day = OutputCache.pruningInterval
    /// Ten days from now: every file a test writes is older than a day by then.
    var now: Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return (Int64(time.tv_sec) + 10 * 86_400) * 1_000_000_000
    }

    /// A cache of the output folder `output`, written into the cache folder as `name`, sealed
    /// with this user's key as a build seals it.
    private func writeCache(named name: String, of output: String) throws {
        let cache = OutputCache(output: output, fingerprint: InputFingerprint(text: "f"), tool: nil, stamp: 1, entries: [])
        let key = try #require(CacheSeal.machineKey)
        try folder.write("caches/" + name, Data(CacheSeal.sealed(Array(cache.text.utf8), name: name, key: key)))
    }

    private var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path("caches"))) ?? []).sorted()
    }

    @Test func cachesOfOutputsThatAreGoneAreRemovedAndTheOthersKept() throws {
        try FileManager.default.createDirectory(atPath: folder.path("out"), withIntermediateDirectories: true)
        try writeCache(named: "kept.cache", of: folder.path("out"))
        try writeCache(named: "gone.cache", of: folder.path("deleted-out"))
        try folder.write("caches/unreadable-new.cache", "half-written")
        try folder.write("caches/notes.txt", "not a cache")
        // `now` is days after the files were written: the unreadable one is old by then.
        OutputCache.prune(folder.path("caches"), now: now)
        #expect(names == ["kept.cache", "last-pruned", "notes.txt"])
    }

    /// Image variants stay while builds use them (each use renews a file's time); those unused
    /// for the retention go, and so do temporary files a killed build left.
    @Test func imageVariantsUnusedForTheRetentionAndLeftoverTemporaryFilesAreRemoved() throws {
        for name in ["used.variants", "unused.variants", "unused.variants.tmp-123", "fresh.variants.tmp-456"] {
            try folder.write("caches/images/" + name, "bytes")
        }
        let written = try #require(FileStatus.of(folder.path("caches/images/used.variants"))).modified
        let later = written + OutputCache.imageRetention + day
        // "used" and the fresh temporary file were touched just before the pruning.
        for name in ["used.variants", "fresh.variants.tmp-456"] {
            var times = [timespec(tv_sec: Int(later / 1_000_000_000), tv_nsec: 0), timespec(tv_sec: Int(later / 1_000_000_000), tv_nsec: 0)]
            #expect(utimensat(AT_FDCWD, folder.path("caches/images/" + name), &times, 0) == 0)
        }
        OutputCache.pruneImages(in: folder.path("caches/images"), now: later)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path("caches/images")).sorted()
        #expect(left == ["fresh.variants.tmp-456", "used.variants"])
    }

    @Test func anUnreadableCacheYoungerThanADayIsKept() throws {
        try folder.write("caches/being-written.cache", "half")
        let written = try #require(FileStatus.of(folder.path("caches/being-written.cache"))).modified
        OutputCache.prune(folder.path("caches"), now: written + day / 2)
        #expect(names == ["being-written.cache", "last-pruned"])
    }

    /// A restored cache may hold a named pipe where the pruning mark is: writing the mark
    /// waited for a reader, so every build due to prune hung. A reader comes after two seconds
    /// here, so that a build that waits shows it by the time taken rather than by hanging.
    @Test func aPipeAtThePruningMarkIsNotWaitedFor() throws {
        try FileManager.default.createDirectory(atPath: folder.path("caches"), withIntermediateDirectories: true)
        let mark = folder.path("caches/last-pruned")
        #expect(mkfifo(mark, 0o644) == 0)
        var old = [timespec(tv_sec: 1, tv_nsec: 0), timespec(tv_sec: 1, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, mark, &old, 0) == 0)
        let reader = Thread {
            Thread.sleep(forTimeInterval: 2)
            let descriptor = open(mark, O_RDONLY | O_NONBLOCK)
            if descriptor >= 0 { close(descriptor) }
        }
        reader.start()
        let started = Date()
        OutputCache.prune(folder.path("caches"), now: now)
        #expect(Date().timeIntervalSince(started) < 1, "the pruning waited for a reader of the pipe")
        #expect(FolderWalk.kind(of: mark) == .regularFile, "the pipe is replaced by a mark, so that pruning is not stopped for good")
    }

    /// A folder planted at the pruning mark, with a file in it, stopped pruning for good: the
    /// mark could not be written, and the build gave up. The cache is pruned all the same (at
    /// each full build, as the folder stays); an empty folder is replaced by a mark.
    @Test(arguments: [true, false])
    func aFolderAtThePruningMarkDoesNotStopPruning(holdingAFile: Bool) throws {
        let mark = folder.path("caches/last-pruned")
        try FileManager.default.createDirectory(atPath: mark, withIntermediateDirectories: true)
        if holdingAFile { try folder.write("caches/last-pruned/planted", "") }
        var old = [timespec(tv_sec: 1, tv_nsec: 0), timespec(tv_sec: 1, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, mark, &old, 0) == 0)
        try writeCache(named: "gone.cache", of: folder.path("deleted-out"))
        OutputCache.prune(folder.path("caches"), now: now)
        #expect(!names.contains("gone.cache"), "a folder at the mark stopped pruning")
        #expect(FolderWalk.kind(of: mark) == (holdingAFile ? .folder : .regularFile))
    }

    @Test func pruningWaitsADayAfterThePreviousOne() throws {
        try folder.write("caches/last-pruned", "")
        let marked = try #require(FileStatus.of(folder.path("caches/last-pruned"))).modified
        try writeCache(named: "gone.cache", of: folder.path("deleted-out"))
        OutputCache.prune(folder.path("caches"), now: marked + day - 1)
        #expect(names.contains("gone.cache"))
        OutputCache.prune(folder.path("caches"), now: marked + day)
        #expect(!names.contains("gone.cache"))
    }
}
