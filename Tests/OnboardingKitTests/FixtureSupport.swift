import Foundation
import Testing

/// Where the test fixtures are, in the test bundle.
enum Fixtures {
    static let root: URL = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!

    static func folder(_ name: String) -> URL {
        root.appendingPathComponent(name, isDirectory: true)
    }

    /// The files of a fixture folder (not subfolders), sorted by name.
    static func files(in name: String, where include: (URL) -> Bool = { _ in true }) -> [URL] {
        let folder = folder(name)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { folder.appendingPathComponent($0) }.filter { url in
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            return exists && !isDirectory.boolValue && include(url)
        }
    }

    /// The samples of the project, found from this source file: `Samples/` at the package root.
    static let samplesRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Samples", isDirectory: true)

    /// The appDef file of each sample project.
    static var sampleAppDefs: [URL] {
        let projects = (try? FileManager.default.contentsOfDirectory(atPath: samplesRoot.path)) ?? []
        return projects.sorted().flatMap { project -> [URL] in
            let folder = samplesRoot.appendingPathComponent(project, isDirectory: true)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return names.sorted().filter { $0.hasSuffix(".appDef") || $0.hasSuffix(".xml") }
                .map { folder.appendingPathComponent($0) }
        }
    }
}

/// Which golden files a run records, from the environment variable `RECORD_FIXTURES`: `1` every
/// one; a comma-separated list of rule ids only those rules' invalid fixtures (`<rule-id>.xml`
/// and `<rule-id>--<case>.xml`), so that recording one rule's does not rewrite, and fail, all.
struct FixtureRecording: Equatable {
    /// The rule ids named, or `nil` for every golden file.
    let ruleIDs: Set<String>?

    /// `nil` when the variable is not set: nothing is recorded.
    init?(_ value: String?) {
        guard let value else { return nil }
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if trimmed == "1" {
            ruleIDs = nil
        } else {
            ruleIDs = Set(trimmed.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
        }
    }

    /// This run's, from the environment.
    static var current: FixtureRecording? { FixtureRecording(ProcessInfo.processInfo.environment["RECORD_FIXTURES"]) }

    /// Whether the golden file of this rule id (`nil`: of no rule, a build's) is recorded.
    func records(ruleID: String?) -> Bool {
        guard let ruleIDs else { return true }
        return ruleID.map(ruleIDs.contains) ?? false
    }
}

/// Golden files: compares `actual` with the file at `url`, or writes it there when
/// `RECORD_FIXTURES` asks for it (``FixtureRecording``: all, or the files of `ruleID`). A mismatch
/// shows a line diff.
///
/// Recording is never a pass: the test writes the file and then fails, saying so, so that a run
/// with `RECORD_FIXTURES` left set cannot hide a difference; under `CI` it is refused.
func expectMatchesGolden(_ actual: String, at url: URL, ruleID: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
    let environment = ProcessInfo.processInfo.environment
    if let recording = FixtureRecording.current, recording.records(ruleID: ruleID) || environment["CI"] != nil {
        guard environment["CI"] == nil else {
            Issue.record("RECORD_FIXTURES is refused under CI: golden files are recorded by hand and reviewed", sourceLocation: sourceLocation)
            return
        }
        let source = sourceURL(ofBundled: url)
        do {
            try FileManager.default.createDirectory(at: source.deletingLastPathComponent(), withIntermediateDirectories: true)
            try actual.write(to: source, atomically: true, encoding: .utf8)
            Issue.record("recorded \(source.path): review the change, then run the tests again without RECORD_FIXTURES", sourceLocation: sourceLocation)
        } catch {
            Issue.record("cannot record \(source.path): \(error)", sourceLocation: sourceLocation)
        }
        return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
        Issue.record("no golden file \(url.lastPathComponent): run with RECORD_FIXTURES=1 (or the rule's id) to write it", sourceLocation: sourceLocation)
        return
    }
    if expected != actual {
        Issue.record("\(url.lastPathComponent) differs from the output:\n\(lineDiff(expected: expected, actual: actual))", sourceLocation: sourceLocation)
    }
}

/// The source-tree file a bundled fixture was copied from, so that re-recording edits the source.
private func sourceURL(ofBundled url: URL) -> URL {
    let path = url.path
    guard let range = path.range(of: "/Fixtures/") else { return url }
    let relative = String(path[range.upperBound...])
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures").appendingPathComponent(relative)
}

/// A minimal line diff: `-` expected, `+` actual, for the lines that differ.
func lineDiff(expected: String, actual: String) -> String {
    let old = expected.components(separatedBy: "\n")
    let new = actual.components(separatedBy: "\n")
    var output: [String] = []
    for index in 0..<max(old.count, new.count) {
        let before = index < old.count ? old[index] : nil
        let after = index < new.count ? new[index] : nil
        guard before != after else { continue }
        if let before { output.append("-\(index + 1): \(before)") }
        if let after { output.append("+\(index + 1): \(after)") }
    }
    return output.joined(separator: "\n")
}
