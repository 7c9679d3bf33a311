#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// OTS, the OpenType Sanitizer, through which Chromium and Firefox load every web font: a font
/// it refuses is not drawn at all (the text falls back to another font, with boxes for a
/// script the visitor's system lacks), and a table it discards is not drawn with. HarfBuzz,
/// which the checks shape and draw with, reads many damaged fonts that OTS refuses (a class
/// number past the class count in 'GDEF', a CFF whose name index runs past its end), so what
/// is published is given to OTS too: its `ots-sanitize` program (Debian's opentype-sanitizer;
/// OTS is not packaged as a library).
enum BrowserSanitizer {
    static let programName = "ots-sanitize"
    /// Where `ots-sanitize` is, found on `PATH` once.
    static let program = ProgramRun.find(programName)

    /// Why fonts cannot be checked here: the program is missing.
    static var missing: FontProcessingFailure? {
        program == nil
            ? FontProcessingFailure(
                "publishing a font needs OTS, the font sanitizer of Chromium and Firefox, and '\(programName)' is not on PATH: install Debian's or Ubuntu's opentype-sanitizer"
            ) : nil
    }

    /// What it says of its version (`ots 8.2.1`), as a cache key: another version may refuse
    /// other fonts.
    static let version: String = {
        guard let program, let run = ProgramRun.run(program, arguments: ["--version"], seconds: 10), run.status == 0 else {
            return "unavailable"
        }
        return String(decoding: run.output.prefix(100), as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init) ?? "unknown"
    }()

    /// The longest a check may take. OTS reads an 8 MB font in well under a second.
    static let timeLimit = 60

    /// Why OTS refuses the sfnt or WOFF2 `font`, or discards one of its tables (a phrase whose
    /// subject is the font: "is refused by …"); `nil` when it takes all of it.
    static func refusal(of font: [UInt8]) -> String? {
        guard let program else { return missing?.description }
        let what = "the font sanitizer of Chromium and Firefox (OTS)"
        guard let folder = PrivateFolder() else { return "cannot be checked by \(what): no private temporary folder can be made" }
        defer { folder.remove() }
        guard let input = folder.store(font) else {
            return "cannot be checked by \(what): it cannot be written to a temporary file"
        }
        guard let run = ProgramRun.run(program, arguments: [input], seconds: timeLimit) else {
            return "cannot be checked by \(what): '\(program)' cannot be started"
        }
        if run.timedOut { return "is not read by \(what) within \(timeLimit) s" }
        // OTS says "ERROR: <table>: <why>" of what it refuses, then "<table>: Failed to parse
        // table", and "ERROR: Table discarded" after a table it leaves out; a "WARNING:" is
        // what it reads past, mending nothing drawn.
        let errors = String(decoding: run.output, as: UTF8.self).split(whereSeparator: \.isNewline)
            .filter { $0.hasPrefix("ERROR: ") }.map { String($0.dropFirst("ERROR: ".count)) }
        if run.status != 0 {
            return "is refused by \(what)" + (Self.reason(in: errors, before: errors.count).map { ": \($0)" } ?? "")
        }
        if let discarded = errors.firstIndex(of: "Table discarded") {
            return "has a table that \(what) discards" + (Self.reason(in: errors, before: discarded).map { ": \($0)" } ?? "")
        }
        return nil
    }

    /// What OTS said of the table it failed on, among `errors` before the `end`th: its first
    /// failure ("its 'GDEF' table: Invalid glyph classes"), not the "Failed to parse table"
    /// that closes it, nor what followed from it ("no supported glyph data table(s) present").
    static func reason(in errors: [String], before end: Int) -> String? {
        let closed = errors[..<end].firstIndex { $0.hasSuffix(": Failed to parse table") } ?? end
        let said = errors[..<closed].map { line -> (tag: String?, why: String) in
            let parts = line.split(separator: ":", maxSplits: 1)
            let tag = parts[0].trimmingSpaces()
            guard parts.count == 2, (1...4).contains(tag.count), tag.allSatisfy(\.isASCII) else { return (nil, line) }
            return (tag, parts[1].trimmingSpaces())
        }
        guard let last = said.last(where: { $0.tag != nil }) ?? said.first else { return errors.first.map { String($0.prefix(200)) } }
        return (last.tag.map { "its '\($0)' table: " } ?? "") + last.why.prefix(200)
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

/// A folder only this user can read, in `TMPDIR` or `/tmp`, for the files a program is given.
private struct PrivateFolder {
    let path: String

    init?() {
        let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        var template = Array("\(base)/sab-onboarding-XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else { return nil }
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The one file of the folder, `font`.
    var file: String { "\(path)/font" }

    /// Writes `bytes` to ``file``, which must not be there yet; its path, or `nil` when it cannot.
    func store(_ bytes: [UInt8]) -> String? {
        let descriptor = open(file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, bytes.count - written) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            written += count
        }
        return file
    }

    /// Removes the folder and its file.
    func remove() {
        unlink(file)
        rmdir(path)
    }
}
