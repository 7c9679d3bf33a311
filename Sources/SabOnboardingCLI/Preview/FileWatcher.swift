import OnboardingKit

/// Notices changes to files by polling: what exists, and each file's status (times, size and
/// inode: ``FileStatus``, whose change time moves with any write, even one whose modification
/// time was set back). No notification API, so it works alike on every system and on network
/// and container file systems.
struct FileWatcher: Sendable {
    /// Files watched one by one (the appDef).
    let files: [String]
    /// Folders watched with everything in them, at any depth; a missing one is watched for appearing.
    let folders: [String]

    /// The status of every watched file there now, by path. A link is stamped with what it leads
    /// to; a folder reached through a link is not walked.
    func stamps() -> [String: FileStatus] {
        var stamps: [String: FileStatus] = [:]
        for file in files {
            stamps[file] = FileStatus.following(file)
        }
        for folder in folders {
            stamps[folder] = FileStatus.following(folder)
            for entry in FolderWalk.entries(under: folder) {
                let path = folder + "/" + entry.path
                stamps[path] = FileStatus.following(path)
            }
        }
        return stamps
    }

    /// Calls `onChange` after every poll that finds something different from the poll before
    /// (the first from `initial`: take it before the first build, so that no change is missed),
    /// polling every `interval`, until the task is cancelled.
    func watch(every interval: Duration, since initial: [String: FileStatus], onChange: @Sendable () async -> Void) async {
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
}
