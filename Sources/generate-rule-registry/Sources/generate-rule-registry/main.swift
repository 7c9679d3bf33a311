import Foundation
import RuleDiscovery

// Writes the Linting module's rule registry from the rules' sources:
//   generate-rule-registry RULES-FOLDER           writes RULES-FOLDER/RuleRegistry+Generated.swift
//   generate-rule-registry RULES-FOLDER --check   exits 1 if that file is not what it would write

let arguments = CommandLine.arguments.dropFirst()
guard let folderPath = arguments.first, arguments.count <= 2, arguments.count == 1 || arguments.last == "--check" else {
    FileHandle.standardError.write(Data("usage: generate-rule-registry RULES-FOLDER [--check]\n".utf8))
    exit(64)
}
let folder = URL(fileURLWithPath: folderPath, isDirectory: true)
do {
    let generated = try RuleRegistryFile.generate(rulesFolder: folder)
    let output = folder.appendingPathComponent(RuleRegistryFile.name)
    if arguments.last == "--check" {
        let committed = try? String(contentsOf: output, encoding: .utf8)
        guard committed == generated else {
            FileHandle.standardError.write(Data("\(output.path) is out of date: run make rules-registry\n".utf8))
            exit(1)
        }
    } else {
        try generated.write(to: output, atomically: true, encoding: .utf8)
        print("\(output.path): \(generated.components(separatedBy: "(),\n").count - 1) rules")
    }
} catch {
    FileHandle.standardError.write(Data("generate-rule-registry: \(error)\n".utf8))
    exit(1)
}
