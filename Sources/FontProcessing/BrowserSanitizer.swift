#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// OTS, the OpenType Sanitizer, through which Chromium and Firefox load every web font: a font
/// it refuses is not drawn at all (the text falls back to another font, with boxes for a
/// script the visitor's system lacks), and a table it discards is not drawn with. HarfBuzz,
/// which the checks shape and draw with, reads many damaged fonts that OTS refuses (an 'hhea'
/// of another metric data format, a CFF charstring with too many operands, a font without
/// 'OS/2'), so what is published is given to OTS too, but for the tables browsers pass through
/// (``passedThrough``): its `ots-sanitize` program (Debian's opentype-sanitizer; OTS is not
/// packaged as a library).
enum BrowserSanitizer {
    static let programName = "ots-sanitize"
    /// Where `ots-sanitize` is, found on `PATH` once.
    static let program = ProgramRun.find(programName)

    /// Why fonts cannot be checked here: the program is missing, or no private temporary folder
    /// can be made for the files it is given. Asked once a run, before any font is read, so
    /// that a problem of the machine is said as such, not blamed on a font.
    static let missing: FontProcessingFailure? = {
        guard program != nil else {
            return FontProcessingFailure(
                "publishing a font needs OTS, the font sanitizer of Chromium and Firefox, and '\(programName)' is not on PATH: install Debian's or Ubuntu's opentype-sanitizer"
            )
        }
        guard let folder = PrivateFolder() else {
            return FontProcessingFailure(
                "OTS, the font sanitizer every published font must pass, cannot be given the font: no private temporary folder can be made in '\(PrivateFolder.base)' (TMPDIR)"
            )
        }
        folder.remove()
        return nil
    }()

    /// What it says of its version (`ots 8.2.1`), as a cache key: another version may refuse
    /// other fonts.
    static let version: String = {
        guard let program, let run = ProgramRun.run(program, arguments: ["--version"], seconds: 10), run.status == 0 else {
            return "unavailable"
        }
        return run.lines.first ?? "unknown"
    }()

    /// The longest a check may take. OTS reads an 8 MB font in well under a second.
    static let timeLimit = 60

    /// The tables Chromium and Firefox give HarfBuzz and their graphics libraries as they are,
    /// their OTS passing them through ("let HarfBuzz handle how to deal with broken tables",
    /// Chromium says): the layout tables, which HarfBuzz, the checks' shaper, reads there as
    /// here, and the colour layers. The OTS program sanitizes them, and refused fonts both
    /// browsers draw (a GDEF glyph class past the class count, which Chromium 156 loads): they
    /// are left out of what it is given. The variation tables are not: Firefox has OTS check
    /// them, and draws a font whose variations it refuses at its default instance.
    static let passedThrough = ["GDEF", "GPOS", "GSUB", "COLR", "CPAL"]

    /// What OTS makes of a font: why it refuses it (a phrase whose subject is the font: "is
    /// refused by …"), or what it writes back, without the tables it is not given
    /// (``drawnByBrowsers(_:from:)`` puts them back).
    enum Outcome {
        case refused(String)
        case loaded([UInt8])
    }

    /// Why OTS refuses the sfnt `font`, or discards one of its tables; `nil` when it takes all
    /// of it (``load(_:wholeOnly:)``).
    static func refusal(of font: [UInt8], wholeOnly: Bool = false) -> String? {
        if case .refused(let reason) = load(font, wholeOnly: wholeOnly) { return reason }
        return nil
    }

    /// The sfnt `font` as OTS loads it: refused when OTS refuses it or discards one of its
    /// tables, else what OTS wrote, which may differ from `font` where OTS mended a table it
    /// kept, saying only a warning: the caller compares the two. The tables browsers pass
    /// through (``passedThrough``) are not given to it. With `wholeOnly`, only its refusal of
    /// the whole font counts: a source font's tables the build never publishes (SIL's private
    /// 'Silt', which OTS leaves out) are no reason.
    static func load(_ font: [UInt8], wholeOnly: Bool = false) -> Outcome {
        guard let program else { return .refused(missing?.description ?? "cannot be checked: OTS is missing") }
        let what = "the font sanitizer of Chromium and Firefox (OTS)"
        guard let given = try? HarfBuzzFont(sfnt: font).sfnt(without: passedThrough) else {
            return .refused("cannot be checked by \(what): HarfBuzz cannot copy its tables")
        }
        guard let folder = PrivateFolder() else { return .refused("cannot be checked by \(what): no private temporary folder can be made") }
        defer { folder.remove() }
        guard folder.store(given, as: PrivateFolder.input) else {
            return .refused("cannot be checked by \(what): it cannot be written to a temporary file")
        }
        // OTS says "ERROR: <table>: <why>" of what it refuses, then "<table>: Failed to parse
        // table", and "ERROR: Table discarded" after a table it leaves out. A "WARNING:" is
        // what it reads past or mends, mostly nothing drawn (a bad weight class, names out of
        // order), but not always (a 'kern' subtable of version 1 it skips, a negative line gap
        // it sets to 0): what it mends is found by comparing what it wrote, not by its words.
        // Only the errors are kept, however many warnings come first.
        let arguments = [folder.path(PrivateFolder.input), folder.path(PrivateFolder.output)]
        guard let run = ProgramRun.run(program, arguments: arguments, seconds: timeLimit, keeping: { $0.hasPrefix("ERROR: ") }) else {
            return .refused("cannot be checked by \(what): '\(program)' cannot be started")
        }
        if run.timedOut { return .refused("is not read by \(what) within \(timeLimit) s") }
        if run.linesDropped { return .refused("makes \(what) report more than \(ProgramRun.keptLimit >> 20) MB of errors") }
        let errors = run.lines.map { String($0.dropFirst("ERROR: ".count)) }
        if run.status != 0 {
            return .refused("is refused by \(what)" + (Self.reason(in: errors, before: errors.count).map { ": \($0)" } ?? ""))
        }
        guard let sanitized = folder.read(PrivateFolder.output, limit: 4 * given.count + (1 << 20)),
            let kept = try? Set(SFNTDirectory.records(of: sanitized).map(\.tag)), let tables = try? SFNTDirectory.records(of: given)
        else { return .refused("cannot be checked by \(what): what it wrote cannot be read") }
        if !wholeOnly {
            if let discarded = errors.firstIndex(of: "Table discarded") {
                return .refused("has a table that \(what) discards" + (Self.reason(in: errors, before: discarded).map { ": \($0)" } ?? ""))
            }
            // And what it wrote is read: a table it left out, said or not, is not drawn with.
            if let left = tables.first(where: { !kept.contains($0.tag) }) {
                return .refused("has a table that \(what) discards: its '\(FontFileStructure.tag(left.tag))' table")
            }
        }
        return .loaded(sanitized)
    }

    /// The font Chromium and Firefox draw with: what OTS wrote of `font` (`sanitized`), with the
    /// tables it was not given (``passedThrough``) put back as they are, as browsers pass them
    /// through. Only a comparison needs it: a refusal alone does not rebuild the font.
    static func drawnByBrowsers(_ sanitized: [UInt8], from font: [UInt8]) throws(FontProcessingFailure) -> [UInt8] {
        var loaded = sanitized
        for tag in passedThrough {
            guard let table = try SFNTDirectory.table(tag, of: font) else { continue }
            loaded = try HarfBuzzFont(sfnt: loaded).sfnt(replacing: tag, with: table)
        }
        return loaded
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

/// A folder only this user can read, in `TMPDIR` or `/tmp`, for the files a program is given
/// and writes.
private struct PrivateFolder {
    static let input = "font"
    static let output = "sanitized"

    /// Where it is made: `TMPDIR` when it is an absolute path, else `/tmp`.
    static var base: String {
        getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
    }

    let folder: String

    init?() {
        var template = Array("\(Self.base)/sab-onboarding-XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else { return nil }
        folder = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    func path(_ name: String) -> String { "\(folder)/\(name)" }

    /// Writes `bytes` to the new file `name`; whether it could.
    func store(_ bytes: [UInt8], as name: String) -> Bool {
        let descriptor = open(path(name), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, bytes.count - written) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            written += count
        }
        return true
    }

    /// The bytes of the file `name`, when it is a file of at most `limit` bytes.
    func read(_ name: String, limit: Int) -> [UInt8]? {
        let descriptor = open(path(name), O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { readFile(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return bytes }
            bytes.append(contentsOf: buffer.prefix(count))
            if bytes.count > limit { return nil }
        }
    }

    /// Removes the folder and its files.
    func remove() {
        unlink(path(Self.input))
        unlink(path(Self.output))
        rmdir(folder)
    }
}

/// POSIX `read`, which ``PrivateFolder/read(_:limit:)`` hides by its name.
private func readFile(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
