import Foundation

/// The generated registry file of a rules folder.
public enum RuleRegistryFile {
    /// Its name, in the rules folder.
    public static let name = "RuleRegistry+Generated.swift"

    /// What the file should hold for the Swift sources under `rulesFolder` (its subfolders too).
    public static func generate(rulesFolder: URL) throws -> String {
        let paths = (FileManager.default.subpaths(atPath: rulesFolder.path) ?? [])
            .filter { $0.hasSuffix(".swift") && $0 != name }
        guard !paths.isEmpty else { throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: rulesFolder.path]) }
        let files = try paths.map { path in
            (path: path, source: try String(contentsOf: rulesFolder.appendingPathComponent(path), encoding: .utf8))
        }
        let categories = files.first { $0.path == "RuleCategory.swift" }.map { RuleDiscovery.categoryFolders(inSource: $0.source) } ?? []
        return RuleDiscovery.registrySource(ruleTypes: RuleDiscovery.registry(files: files, categoryFolders: categories))
    }
}
