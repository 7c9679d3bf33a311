#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `.sab-onboarding-cache`, beside the record in the output folder: the size, modification time
/// and inode each written file had when it was written, and a digest of its bytes, so that a
/// rebuild of unchanged input can tell that the output is still what it wrote by asking the
/// system about each file instead of reading it.
///
/// It is not part of the output: it holds what this machine saw (times, inodes), so it differs
/// from machine to machine and from build to build, and is left out of comparisons of outputs.
/// A copy of the output can leave it out; without it, or on another machine, a rebuild checks
/// the output in full (renders and compares, writing nothing when it is the same) until a build
/// writes again.
///
/// File systems keep times in ticks (a few milliseconds on some); a file changed in the tick in
/// which the cache was taken would keep its time. So the cache notes the time of that moment
/// (`stamp`), and a file whose time is not older is read and compared with its digest instead.
struct OutputCache: Equatable {
    static let fileName = ".sab-onboarding-cache"
    private static let header = "# sab-onboarding: size, modification time (ns) and inode of each file it wrote, as this machine saw them; not part of the output, safe to delete."

    struct Entry: Equatable {
        var path: String
        var digest: UInt64
        var status: FileStatus
    }

    var fingerprint: InputFingerprint
    /// The executable that wrote the output: another build of the tool may render differently
    /// under the same version.
    var tool: FileStatus?
    /// A modification time taken just before the entries' statuses.
    var stamp: Int64
    var entries: [Entry]

    /// The executable running now, looked up once.
    static let currentTool = FileStatus.ofExecutable()

    /// Notes the files just written into `folder` (a new output, before it takes its place:
    /// renaming the folder changes no file's status). Leaves no cache when a status cannot be
    /// had or the cache cannot be written (a full disk): the build needs none, the next rebuild
    /// then checks in full.
    static func write(for files: [OutputFile], fingerprint: InputFingerprint, in folder: String) {
        let path = folder + "/" + fileName
        guard (try? FileSystemCalls.writeFile([], to: path)) != nil, let stamp = FileStatus.of(path)?.modified else {
            return discard(path)
        }
        var entries: [Entry] = []
        for file in files {
            guard let status = FileStatus.of(folder + "/" + file.path) else { return discard(path) }
            entries.append(Entry(path: file.path, digest: XXHash64.digest(of: file.contents), status: status))
        }
        let cache = OutputCache(fingerprint: fingerprint, tool: currentTool, stamp: stamp, entries: entries)
        if (try? FileSystemCalls.writeFile(Array(cache.text.utf8), to: path)) == nil { discard(path) }
    }

    private static func discard(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The cache in `folder`, `nil` when there is none or it cannot be read in full.
    static func read(in folder: String) -> OutputCache? {
        guard let data = FileManager.default.contents(atPath: folder + "/" + fileName),
            let text = String(data: data, encoding: .utf8)
        else { return nil }
        return OutputCache(text: text)
    }

    /// Whether the files at `paths` in `folder` are exactly those this cache notes, each with
    /// the bytes it was written with: unchanged in status, or else read and of the same digest.
    func confirms(_ paths: [String], in folder: String) -> Bool {
        guard tool == Self.currentTool, entries.map(\.path).sorted() == paths.sorted() else { return false }
        return entries.allSatisfy { entry in
            let path = folder + "/" + entry.path
            guard let status = FileStatus.of(path) else { return false }
            if status == entry.status && entry.status.modified < stamp { return true }
            return status.size == entry.status.size && XXHash64.digest(ofFileAt: path) == entry.digest
        }
    }

    // MARK: - Text

    private init(fingerprint: InputFingerprint, tool: FileStatus?, stamp: Int64, entries: [Entry]) {
        self.fingerprint = fingerprint
        self.tool = tool
        self.stamp = stamp
        self.entries = entries
    }

    var text: String {
        let tool = self.tool.map { "tool \($0.size) \($0.modified) \($0.inode)" } ?? "tool unknown"
        let files = entries.map { "\($0.digest.paddedHex) \($0.status.size) \($0.status.modified) \($0.status.inode) \($0.path)" }
        return ([Self.header, "fingerprint " + fingerprint.text, tool, "stamp \(stamp)"] + files).joined(separator: "\n") + "\n"
    }

    /// Reads the form `text` writes; `nil` for anything else.
    private init?(text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.last == "" else { return nil }
        lines.removeLast()
        guard lines.count >= 4, lines[0] == Self.header,
            let fingerprint = Self.value(of: "fingerprint", in: lines[1]),
            let toolText = Self.value(of: "tool", in: lines[2]),
            let stamp = Self.value(of: "stamp", in: lines[3]).flatMap({ Int64($0) })
        else { return nil }
        var tool: FileStatus?
        if toolText != "unknown" {
            let fields = toolText.split(separator: " ")
            guard fields.count == 3, let size = Int64(fields[0]), let modified = Int64(fields[1]), let inode = UInt64(fields[2])
            else { return nil }
            tool = FileStatus(size: size, modified: modified, inode: inode)
        }
        var entries: [Entry] = []
        for line in lines.dropFirst(4) {
            let fields = line.split(separator: " ", maxSplits: 4)
            guard fields.count == 5, let digest = UInt64(fields[0], radix: 16), let size = Int64(fields[1]),
                let modified = Int64(fields[2]), let inode = UInt64(fields[3])
            else { return nil }
            entries.append(Entry(path: String(fields[4]), digest: digest, status: FileStatus(size: size, modified: modified, inode: inode)))
        }
        self.init(fingerprint: InputFingerprint(text: fingerprint), tool: tool, stamp: stamp, entries: entries)
    }

    private static func value(of key: String, in line: String) -> String? {
        line.hasPrefix(key + " ") ? String(line.dropFirst(key.count + 1)) : nil
    }
}
