import AppDefModel
import SystemPackage

/// `.sab-onboarding`, the record of a build in its output folder: the fingerprint of the input
/// (``InputFingerprint``), the files the tool wrote, one path a line, and the folders it made,
/// each ending with `/`. A build removes only what the record lists, only when the new output
/// no longer has it, and only when it has the form of what the tool writes.
///
/// It is part of the output and as deterministic as the rest: the same input gives the same
/// record on every machine. What differs between machines (sizes, times, inodes) is kept apart
/// in ``OutputCache``. Lines starting with `#` are comments to the tools that read only paths;
/// the fingerprint is one of them, so an older version of the tool still reads the list, and
/// a record without one (written before there were fingerprints, or by a build that did not
/// finish) makes the next build a full one, which writes the new form.
struct OutputRecord: Equatable {
    static let fileName = ".sab-onboarding"
    private static let header = "# Written by sab-onboarding; files it did not write are left alone."
    private static let fingerprintPrefix = "# Input fingerprint: "

    /// The files the build wrote, sorted.
    var paths: [String]
    /// The folders the tool made for them, sorted.
    var folders: [String]
    var fingerprint: InputFingerprint?

    init(paths: [String], folders: [String] = [], fingerprint: InputFingerprint?) {
        self.paths = paths.sorted()
        self.folders = folders.sorted()
        self.fingerprint = fingerprint
    }

    /// Reads the record of an output folder of `kind`. Lines that are no path inside the output
    /// folder (`..`, an absolute path, the record's own name) are left out: whoever edited the
    /// record cannot make a build remove anything outside the output. So are paths and folders
    /// that do not have the form of the tool's own in an output of that kind (``OutputNames``):
    /// a record planted or edited in the output cannot make a build remove the user's files
    /// there (`CNAME`, `.git/`, a `review.html` beside a carousel) either.
    init(text: String, kind: OutputNames.Kind) {
        var paths: [String] = []
        var folders: [String] = []
        var fingerprint: InputFingerprint?
        for line in text.split(separator: "\n").map(String.init) {
            if line.hasPrefix(Self.fingerprintPrefix) {
                fingerprint = InputFingerprint(text: String(line.dropFirst(Self.fingerprintPrefix.count)))
            } else if line.hasPrefix("#") {
                continue
            } else if line.hasSuffix("/") {
                let folder = String(line.dropLast())
                if Self.isInside(folder) && OutputNames.isMadeByTheTool(folder: folder, in: kind) { folders.append(folder) }
            } else if Self.isInside(line) && line != Self.fileName && OutputNames.isWrittenByTheTool(line, in: kind) {
                paths.append(line)
            }
        }
        self.init(paths: paths, folders: folders, fingerprint: fingerprint)
    }

    /// Whether `path` names something inside the output folder, as the tool writes paths:
    /// relative, names joined by single slashes, none of them `.` or `..`.
    static func isInside(_ path: String) -> Bool {
        let filePath = FilePath(pathText: path)
        return !path.isEmpty && filePath.isRelative && filePath.string == path
            && filePath.components.allSatisfy { $0.kind == .regular }
    }

    var text: String {
        var lines = [Self.header]
        if let fingerprint { lines.append(Self.fingerprintPrefix + fingerprint.text) }
        return (lines + (paths + folders.map { $0 + "/" }).sorted()).joined(separator: "\n") + "\n"
    }
}
