import Foundation

/// Notices changes to files by polling: what exists, and each file's modification time, size and
/// inode (a save that replaces the file changes that). No notification API, so it works alike on
/// every system and on network and container file systems.
struct FileWatcher: Sendable {
    /// What is known of one file at one poll.
    struct Stamp: Hashable, Sendable {
        var modified: Date?
        var size: UInt64?
        var inode: UInt64?
    }

    /// Files watched one by one (the appDef).
    let files: [String]
    /// Folders watched with everything in them, at any depth; a missing one is watched for appearing.
    let folders: [String]

    /// The state of every watched file now, by path. Links are followed.
    func stamps() -> [String: Stamp] {
        var stamps: [String: Stamp] = [:]
        for file in files {
            stamps[file] = Self.stamp(of: file)
        }
        for folder in folders {
            stamps[folder] = Self.stamp(of: folder)
            guard let names = FileManager.default.enumerator(atPath: folder) else { continue }
            while let name = names.nextObject() as? String {
                let path = folder + "/" + name
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
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: target) else { return Stamp() }
        return Stamp(
            modified: attributes[.modificationDate] as? Date,
            size: (attributes[.size] as? NSNumber)?.uint64Value,
            inode: (attributes[.systemFileNumber] as? NSNumber)?.uint64Value)
    }
}
