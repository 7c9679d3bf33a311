/// `.sab-onboarding`, the record of a build in its output folder: the fingerprint of the input
/// (``InputFingerprint``) and the files the tool wrote, one path a line.
///
/// It is part of the output and as deterministic as the rest: the same input gives the same
/// record on every machine. What differs between machines (sizes, times, inodes) is kept apart
/// in ``OutputCache``. Lines starting with `#` are comments to the tools that read only paths;
/// the fingerprint is one of them, so an older version of the tool still reads the list, and
/// a record without one (written before there were fingerprints) makes the next build a full
/// one, which writes the new form.
struct OutputRecord: Equatable {
    static let fileName = ".sab-onboarding"
    private static let header = "# Written by sab-onboarding; files it did not write are left alone."
    private static let fingerprintPrefix = "# Input fingerprint: "

    /// The files the build wrote, sorted.
    var paths: [String]
    var fingerprint: InputFingerprint?

    init(paths: [String], fingerprint: InputFingerprint?) {
        self.paths = paths.sorted()
        self.fingerprint = fingerprint
    }

    init(text: String) {
        var paths: [String] = []
        var fingerprint: InputFingerprint?
        for line in text.split(separator: "\n") {
            if line.hasPrefix(Self.fingerprintPrefix) {
                fingerprint = InputFingerprint(text: String(line.dropFirst(Self.fingerprintPrefix.count)))
            } else if !line.hasPrefix("#") {
                paths.append(String(line))
            }
        }
        self.init(paths: paths, fingerprint: fingerprint)
    }

    /// The text of the record in `folder`, as it is; `nil` when there is none or it is not text.
    static func readText(in folder: String) -> String? {
        RegularFile.bytes(at: Paths.join(folder, fileName)).flatMap(String.init(utf8Text:))
    }

    var text: String {
        var lines = [Self.header]
        if let fingerprint { lines.append(Self.fingerprintPrefix + fingerprint.text) }
        return (lines + paths).joined(separator: "\n") + "\n"
    }
}
