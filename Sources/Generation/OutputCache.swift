import AppDefModel
import PathText

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a build noted of the output folder it wrote, in the user's cache folder
/// (`$XDG_CACHE_HOME/sab-onboarding/`, by default `~/.cache/sab-onboarding/`; on macOS
/// `~/Library/Caches/sab-onboarding/`), one file per output folder named by a digest of its
/// path: the size, modification and change times and inode each written file had when it was
/// written, and the SHA-256 of its bytes, so that a rebuild of unchanged input can tell that the
/// output is still what it wrote by asking the system about each file instead of reading it.
/// The change time (ctime) is what makes that safe: an edit that keeps the size and puts the
/// modification time back still moves it, and no one can set it back.
///
/// It is not part of the output and not beside it: it holds what this machine saw (times,
/// inodes), so it differs from machine to machine and from build to build, and neither a copy
/// of the output nor the project folder should carry it. Without it (deleted, no home folder,
/// another machine), or with one another executable wrote, a rebuild checks the output in full
/// (renders and compares, writing nothing when it is the same).
///
/// File systems keep times in ticks (a few milliseconds on some); a file changed in the tick in
/// which the cache was taken would keep its time. So the cache notes the time of that moment
/// (`stamp`), and a file whose change time is not older is read and compared with its digest
/// instead. A rebuild that confirmed such files by their bytes notes them again with a later
/// stamp, as git refreshes its index, so that the next rebuild need not read them.
package struct OutputCache: Equatable {
    /// The folder of the caches; `nil` without a home folder, or when something other than a
    /// folder is at its name. A cache restored in CI may hold links: a `sab-onboarding` that is a
    /// link would have builds write their caches, and pruning remove old `*.cache` files, in the
    /// folder it leads to (the user's cache folder above it may be a link: that one is the user's).
    package static var folder: String? {
        guard let path = folderPath else { return nil }
        switch FolderWalk.kind(of: path) {
        case nil, .folder?: return path
        default: return nil
        }
    }

    /// Where the folder of the caches is named to be, whatever is there; `nil` without a home
    /// folder.
    static var folderPath: String? {
        #if canImport(Darwin)
            home.map { $0 + "/Library/Caches/sab-onboarding" }
        #else
            getenv("XDG_CACHE_HOME").map { String(cString: $0) }.flatMap { $0.hasPrefix("/") ? $0 + "/sab-onboarding" : nil }
                ?? home.map { $0 + "/.cache/sab-onboarding" }
        #endif
    }

    private static var home: String? {
        guard let home = getenv("HOME").map({ String(cString: $0) }), home.hasPrefix("/") else { return nil }
        return home
    }

    /// The cache's subfolder `name` (`images`, `fonts`), `nil` when something other than a
    /// folder is there. A cache restored in CI may hold links (archives keep them): a subfolder
    /// that is a link to elsewhere would have builds write, and pruning remove, files there.
    static func subfolder(_ name: String) -> String? {
        folder.flatMap { subfolder(in: $0, name) }
    }

    static func subfolder(in folder: String, _ name: String) -> String? {
        let path = Paths.join(folder, name)
        switch FolderWalk.kind(of: path) {
        case nil, .folder?: return path
        default: return nil
        }
    }

    /// Where a cache's files are, for a diagnostic's note: named from the cache folder down,
    /// never by the folders above it (a note may be shown on a shared review page).
    static func folderNote(_ subfolder: String) -> String {
        #if canImport(Darwin)
            "its files are in ~/Library/Caches/sab-onboarding/\(subfolder)/"
        #else
            "its files are in sab-onboarding/\(subfolder)/ of the user's cache folder ($XDG_CACHE_HOME, by default ~/.cache)"
        #endif
    }

    /// Where the cache of the output folder `target` is; `nil` when there is no cache folder.
    package static func path(of target: String) -> String? {
        folder.map { Paths.join($0, XXHash64.digest(of: Array(target.utf8)).paddedHex + ".cache") }
    }
    private static let header =
        "# sab-onboarding: size, modification and change times (ns) and inode of each file it wrote, as this machine saw them; not part of the output, safe to delete."

    package struct Entry: Equatable {
        package var path: String
        /// The SHA-256 of its bytes, in hex. Not XXH64, fast as it is: the output folder is one
        /// others may write (a pull request to a committed `docs/`), and an XXH64 digest is
        /// matched by other bytes of the same length with one chosen 32-byte stripe, so a planted
        /// script would pass for the build's file. Only files whose status changed are read.
        package var digest: String
        package var status: FileStatus
    }

    /// The output folder's path.
    var output: String
    package var fingerprint: InputFingerprint
    /// The executable that wrote the output: another build of the tool may render differently
    /// under the same version.
    var tool: FileStatus?
    /// A change time taken just before the entries' statuses.
    var stamp: Int64
    var entries: [Entry]

    /// The executable running now, looked up once.
    static let currentTool = FileStatus.ofExecutable()

    /// Notes the files of the output `output` (at `target`), just written or checked with these
    /// bytes. Leaves no cache when a status cannot be had or the cache cannot be written (a full
    /// disk): the build needs none, the next rebuild then checks in full.
    ///
    /// `stamp` (see ``OutputFolder/takeStamp(clearingLeftover:)``) must be taken before the files
    /// were written or checked: their times are then no older than it, so the next rebuild reads
    /// them once and notes them again, and an edit made while this build ran cannot pass for the
    /// build's own.
    package static func write(for files: [OutputFile], fingerprint: InputFingerprint, output: OutputFolder, at target: String, stamp: Int64?) {
        guard let stamp else { return discard(of: target) }
        var entries: [Entry] = []
        for file in files {
            guard let status = output.fileStatus(of: file.path) else { return discard(of: target) }
            entries.append(Entry(path: file.path, digest: SHA256.hexDigest(of: file.contents), status: status))
        }
        OutputCache(output: target, fingerprint: fingerprint, tool: currentTool, stamp: stamp, entries: entries).save(for: target)
        pruneIfDue()
    }

    /// The largest cache file read: some 150 bytes a file, for outputs of a hundred thousand
    /// files. A file claiming more (a sparse one, planted) is not read into memory.
    static let maximumFileSize = 64 << 20

    /// Written sealed with the user's cache key (``CacheSeal``), as the image and font caches
    /// are: a cache planted in the folder would otherwise make a rebuild take an output that
    /// was changed for one it wrote.
    private func save(for target: String) {
        guard let folder = Self.folder, let path = Self.path(of: target), let key = CacheSeal.machineKey,
            (try? FileSystemCalls.makeDirectories(folder)) != nil,
            (try? FileSystemCalls.writeFile(CacheSeal.sealed(Array(text.utf8), name: Paths.lastComponent(of: path), key: key), to: path)) != nil
        else { return Self.discard(of: target) }
    }

    /// The cache in the file at `path`, `nil` unless it is a whole one sealed with this user's
    /// key for its name.
    package static func contents(at path: String) -> OutputCache? {
        guard let key = CacheSeal.machineKey, let bytes = RegularFile.bytes(at: path, maximumSize: maximumFileSize),
            let opened = CacheSeal.opened(bytes, name: Paths.lastComponent(of: path), key: key), let text = String(utf8Text: opened)
        else { return nil }
        return OutputCache(text: text)
    }

    /// Removes the cache of `target`: done before an output is replaced, so that no cache ever
    /// describes files that are not there.
    static func discard(of target: String) {
        if let path = path(of: target) { PathText.withCString(path) { _ = unlink($0) } }
    }

    /// The cache of the output folder `target`, `nil` when there is none or it cannot be read in
    /// full.
    package static func read(of target: String) -> OutputCache? {
        guard let path = path(of: target), let cache = contents(at: path),
            cache.output == target  // not another folder whose path has the same digest
        else { return nil }
        return cache
    }

    /// Whether the files at `paths` in `output` are exactly those this cache notes, each with
    /// the bytes it was written with: unchanged in status, or else read and of the same digest.
    /// When some had to be read, the cache is written again with a new stamp.
    func confirms(_ paths: [String], in output: OutputFolder) -> Bool {
        // An unknown tool on both sides proves nothing: without its identity, check in full.
        guard let tool, tool == Self.currentTool, entries.map(\.path).sorted() == paths.sorted() else { return false }
        // Taken before the first file is read, and only then: a rebuild that reads nothing
        // writes nothing.
        var newStamp: Int64??
        var confirmed: [Entry] = []
        for entry in entries {
            guard let status = output.fileStatus(of: entry.path) else { return false }
            if status == entry.status && entry.status.changed < stamp {
                confirmed.append(entry)
                continue
            }
            if newStamp == nil { newStamp = .some(output.takeStamp(clearingLeftover: true)) }
            // The same status before and after reading: the bytes read are the file's.
            guard status.size == entry.status.size, output.digest(of: entry.path) == entry.digest,
                output.fileStatus(of: entry.path) == status
            else { return false }
            confirmed.append(Entry(path: entry.path, digest: entry.digest, status: status))
        }
        if let newStamp, let newStamp {
            OutputCache(output: self.output, fingerprint: fingerprint, tool: tool, stamp: newStamp, entries: confirmed).save(for: self.output)
        }
        return true
    }

    // MARK: - Text

    package init(output: String, fingerprint: InputFingerprint, tool: FileStatus?, stamp: Int64, entries: [Entry]) {
        self.output = output
        self.fingerprint = fingerprint
        self.tool = tool
        self.stamp = stamp
        self.entries = entries
    }

    var text: String {
        let tool = self.tool.map { "tool " + Self.text(of: $0) } ?? "tool unknown"
        let files = entries.map { "\($0.digest) \(Self.text(of: $0.status)) \($0.path)" }
        return ([Self.header, "output " + output, "fingerprint " + fingerprint.text, tool, "stamp \(stamp)"] + files).joined(separator: "\n") + "\n"
    }

    /// Reads the form `text` writes; `nil` for anything else.
    package init?(text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.last == "" else { return nil }
        lines.removeLast()
        guard lines.count >= 5, lines[0] == Self.header,
            let output = Self.value(of: "output", in: lines[1]),
            let fingerprint = Self.value(of: "fingerprint", in: lines[2]),
            let toolText = Self.value(of: "tool", in: lines[3]),
            let stamp = Self.value(of: "stamp", in: lines[4]).flatMap({ Int64($0) })
        else { return nil }
        var tool: FileStatus?
        if toolText != "unknown" {
            guard let status = Self.status(from: toolText.split(separator: " ")) else { return nil }
            tool = status
        }
        var entries: [Entry] = []
        for line in lines.dropFirst(5) {
            let fields = line.split(separator: " ", maxSplits: 5)
            guard fields.count == 6, Self.isDigest(fields[0]), let status = Self.status(from: fields[1..<5]) else { return nil }
            entries.append(Entry(path: String(fields[5]), digest: String(fields[0]), status: status))
        }
        self.init(output: output, fingerprint: InputFingerprint(text: fingerprint), tool: tool, stamp: stamp, entries: entries)
    }

    /// Whether `text` is a SHA-256 as ``text`` writes it: 64 lowercase hex digits (a cache of an
    /// earlier form, with XXH64 digests, is not read: the rebuild checks in full).
    private static func isDigest(_ text: Substring) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// `size modified changed inode`, as `status(from:)` reads it.
    private static func text(of status: FileStatus) -> String {
        "\(status.size) \(status.modified) \(status.changed) \(status.inode)"
    }

    private static func status(from fields: some Collection<Substring>) -> FileStatus? {
        let fields = Array(fields)
        guard fields.count == 4, let size = Int64(fields[0]), let modified = Int64(fields[1]), let changed = Int64(fields[2]),
            let inode = UInt64(fields[3])
        else { return nil }
        return FileStatus(size: size, modified: modified, changed: changed, inode: inode)
    }

    private static func value(of key: String, in line: String) -> String? {
        line.hasPrefix(key + " ") ? String(line.dropFirst(key.count + 1)) : nil
    }
}
