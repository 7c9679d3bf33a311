import Foundation
import Testing

@testable import SabOnboardingCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct FileWatcherTests {
    /// An edit of the same size whose modification time is set back (as some tools and copies
    /// do) still moves the file's change time, which no one can set.
    @Test(.timeLimit(.minutes(10))) func aSameSizeEditWithItsTimeRestoredIsNoticed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sab-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a.appDef").path
        try Data("abc".utf8).write(to: URL(fileURLWithPath: file))
        var before = stat()
        #expect(stat(file, &before) == 0)
        let watcher = FileWatcher(files: [file], folders: [])
        let stamps = watcher.stamps()
        #expect(stamps[file] != nil)

        // Until the system's clock for change times has moved on, so that a change can show.
        let probe = folder.appendingPathComponent("probe").path
        try Data().write(to: URL(fileURLWithPath: probe))
        try Polling.until {
            var status = stat()
            return utimensat(AT_FDCWD, probe, nil, 0) == 0 && stat(probe, &status) == 0
                && (status.st_ctim.tv_sec, status.st_ctim.tv_nsec) != (before.st_ctim.tv_sec, before.st_ctim.tv_nsec)
        }
        let handle = try #require(FileHandle(forWritingAtPath: file))
        handle.write(Data("xyz".utf8))
        try handle.close()
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, file, &times, 0) == 0)
        var after = stat()
        #expect(stat(file, &after) == 0)
        #expect(after.st_size == before.st_size && after.st_ino == before.st_ino)
        #expect(after.st_mtim.tv_sec == before.st_mtim.tv_sec && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)

        #expect(watcher.stamps() != stamps)
    }

    @Test func filesAppearingAndGoingAreNoticedInFoldersAtAnyDepth() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sab-watch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let watcher = FileWatcher(files: [], folders: [folder.path])
        let missing = watcher.stamps()
        #expect(missing.isEmpty, "a missing folder is watched for appearing")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("a/b"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: folder.appendingPathComponent("a/b/c.png"))
        let present = watcher.stamps()
        #expect(present[folder.path + "/a/b/c.png"] != nil)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("a/b/c.png"))
        #expect(watcher.stamps()[folder.path + "/a/b/c.png"] == nil)
    }
}
