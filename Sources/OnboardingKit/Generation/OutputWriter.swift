import Foundation

/// Why the output could not be written. Nothing of the new output is left behind, and the
/// previous output is as it was.
public struct OutputError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// Writes a whole output folder or nothing: the files go to a temporary folder beside the
/// target, which then takes the target's place.
///
/// The folder holds a `.sab-onboarding` file listing what the tool wrote. Files in it that the
/// tool did not write (the list does not name them) are carried over to the new output, and a
/// folder without that list is not replaced unless it is empty: the tool never removes files it
/// did not write.
enum OutputWriter {
    static let recordName = ".sab-onboarding"

    static func write(_ files: [OutputFile], to directory: String) throws(OutputError) {
        let fileManager = FileManager.default
        let target = URL(fileURLWithPath: directory).standardizedFileURL
        let parent = target.deletingLastPathComponent()
        do {
            try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw OutputError(message: "cannot create the folder \(parent.path): \(reason(error))")
        }
        let foreign = try foreignFiles(in: target, display: directory)
        let staging = parent.appendingPathComponent(".\(target.lastPathComponent).new-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")
        do {
            try fileManager.createDirectory(at: staging, withIntermediateDirectories: false)
            for file in files {
                try writeFile(file.contents, to: staging.appendingPathComponent(file.path))
            }
            let record = "# Written by sab-onboarding; files it did not write are left alone.\n"
                + files.map(\.path).sorted().joined(separator: "\n") + "\n"
            try writeFile(Array(record.utf8), to: staging.appendingPathComponent(recordName))
            for path in foreign where !files.contains(where: { $0.path == path }) {
                let destination = staging.appendingPathComponent(path)
                try fileManager.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                try fileManager.copyItem(at: target.appendingPathComponent(path), to: destination)
            }
        } catch {
            try? fileManager.removeItem(at: staging)
            throw OutputError(message: "cannot write the output in \(parent.path): \(reason(error))")
        }
        try swap(staging, into: target)
    }

    /// Files under `target` that the previous build did not write. Throws when `target` is a
    /// file, or a non-empty folder without the record of a previous build.
    private static func foreignFiles(in target: URL, display: String) throws(OutputError) -> [String] {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: target.path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else {
            throw OutputError(message: "the output '\(display)' is a file, not a folder")
        }
        let present = allFiles(under: target)
        guard !present.isEmpty else { return [] }
        guard let record = try? String(contentsOf: target.appendingPathComponent(recordName), encoding: .utf8) else {
            throw OutputError(message: "the output folder '\(display)' is not empty and was not written by sab-onboarding; choose another --out, or empty it")
        }
        let written = Set(record.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init))
        return present.filter { !written.contains($0) && $0 != recordName }
    }

    /// Relative paths of the regular files under `folder`, sorted.
    private static func allFiles(under folder: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        let base = folder.resolvingSymlinksInPath().path
        var paths: [String] = []
        for case let url as URL in enumerator {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            let path = url.resolvingSymlinksInPath().path
            if path.hasPrefix(base + "/") { paths.append(String(path.dropFirst(base.count + 1))) }
        }
        return paths.sorted()
    }

    /// Puts `staging` where `target` is, keeping the old folder until the new one is in place.
    private static func swap(_ staging: URL, into target: URL) throws(OutputError) {
        let fileManager = FileManager.default
        guard fileManager.fileExists(atPath: target.path) else {
            do {
                try fileManager.moveItem(at: staging, to: target)
            } catch {
                try? fileManager.removeItem(at: staging)
                throw OutputError(message: "cannot move the output into place at \(target.path): \(reason(error))")
            }
            return
        }
        let retired = staging.deletingLastPathComponent().appendingPathComponent(
            ".\(target.lastPathComponent).old-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")
        do {
            try fileManager.moveItem(at: target, to: retired)
        } catch {
            try? fileManager.removeItem(at: staging)
            throw OutputError(message: "cannot replace the output at \(target.path): \(reason(error))")
        }
        do {
            try fileManager.moveItem(at: staging, to: target)
        } catch {
            try? fileManager.moveItem(at: retired, to: target)
            try? fileManager.removeItem(at: staging)
            throw OutputError(message: "cannot move the output into place at \(target.path): \(reason(error))")
        }
        try? fileManager.removeItem(at: retired)
    }

    private static func writeFile(_ bytes: [UInt8], to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, let posix = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            return String(cString: strerror(posix.rawValue))
        }
        return nsError.localizedDescription
    }
}
