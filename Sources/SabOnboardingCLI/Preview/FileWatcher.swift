import OnboardingKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Notices changes to files by polling: what exists, and each file's modification time, size and
/// inode (a save that replaces the file changes that). No notification API, so it works alike on
/// every system and on network and container file systems.
struct FileWatcher: Sendable {
    /// What is known of one file at one poll.
    struct Stamp: Hashable, Sendable {
        /// The modification time, in nanoseconds since 1970.
        var modified: Int64?
        var size: UInt64?
        var inode: UInt64?
    }

    /// Files watched one by one (the appDef).
    let files: [String]
    /// Folders watched with everything in them, at any depth; a missing one is watched for appearing.
    let folders: [String]

    /// The state of every watched file now, by path. A link is stamped with what it leads to; a
    /// folder reached through a link is not walked.
    func stamps() -> [String: Stamp] {
        var stamps: [String: Stamp] = [:]
        for file in files {
            stamps[file] = Self.stamp(of: file)
        }
        for folder in folders {
            stamps[folder] = Self.stamp(of: folder)
            for entry in FolderWalk.entries(under: folder) {
                let path = folder + "/" + entry.path
                stamps[path] = Self.stamp(of: path)
            }
        }
        return stamps
    }

    /// Calls `onChange` after every poll that finds something different from the poll before
    /// (the first from `initial`: take it before the first build, so that no change is missed),
    /// polling every `interval`, until the task is cancelled.
    func watch(every interval: Duration, since initial: [String: Stamp], onChange: @Sendable () async -> Void) async {
        var last = initial
        while !Task.isCancelled {
            do {
                try await Task.sleep(for: interval)
            } catch {
                return
            }
            let now = stamps()
            if now != last {
                last = now
                await onChange()
            }
        }
    }

    /// `nil` fields for a file that is not there (or a link leading nowhere).
    private static func stamp(of path: String) -> Stamp {
        var status = stat()
        guard stat(path, &status) == 0 else { return Stamp() }
        #if canImport(Darwin)
            let modified = status.st_mtimespec
        #else
            let modified = status.st_mtim
        #endif
        return Stamp(
            modified: Int64(modified.tv_sec) * 1_000_000_000 + Int64(modified.tv_nsec),
            size: UInt64(status.st_size),
            inode: UInt64(status.st_ino))
    }
}
