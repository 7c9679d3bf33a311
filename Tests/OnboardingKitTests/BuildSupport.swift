import Foundation

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// A temporary folder removed at the end of a test.
final class TemporaryFolder {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("sab-test-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    func path(_ relative: String) -> String {
        url.appendingPathComponent(relative).path
    }

    /// Writes a file, creating its folders.
    func write(_ relative: String, _ contents: String) throws {
        try write(relative, Data(contents.utf8))
    }

    /// Makes a link at `relative` to `target`, both in the folder.
    func link(_ relative: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path(relative), withDestinationPath: path(target))
    }

    func write(_ relative: String, _ data: Data) throws {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
    }
}

/// Every regular file of the output in `folder` by relative path, with its bytes.
func filesUnder(_ folder: String) -> [String: Data] {
    let base = URL(fileURLWithPath: folder).resolvingSymlinksInPath()
    guard let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey]) else { return [:] }
    var files: [String: Data] = [:]
    for case let url as URL in enumerator {
        guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
        let path = String(url.resolvingSymlinksInPath().path.dropFirst(base.path.count + 1))
        files[path] = try? Data(contentsOf: url)
    }
    return files
}
