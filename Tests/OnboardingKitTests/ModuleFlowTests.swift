import Foundation
import Testing

/// The library's data flows one way: read → model → rules → generation → output. The targets'
/// dependencies in Package.swift are what makes a use against it fail to compile (a module that
/// is not a dependency cannot be imported), so these tests hold the lists to the flow: the model
/// below everything, the rules and the generator side by side, OnboardingKit above them.
struct ModuleFlowTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The modules of the library, and those each must never depend on or import.
    static let forbidden: [(module: String, above: [String])] = [
        ("AppDefModel", ["Linting", "Generation", "OnboardingKit"]),
        ("Linting", ["Generation", "OnboardingKit"]),
        ("Generation", ["Linting", "OnboardingKit"]),
    ]

    /// Each target's name and the names in its `dependencies` list, from the manifest's text.
    static func dependencies(inManifest text: String) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for declaration in text.components(separatedBy: "Target(").dropFirst() + text.components(separatedBy: ".target(").dropFirst() {
            guard let name = firstMatch(#"^\s*name:\s*"([^"]+)""#, in: declaration) else { continue }
            let list = firstMatch(#"^\s*name:\s*"[^"]+",\s*dependencies:\s*\[([^\]]*)\]"#, in: declaration) ?? ""
            result[name] = list.matches(of: #/"([^"]+)"/#).map { String($0.output.1) }
        }
        return result
    }

    private static func firstMatch(_ pattern: String, in text: String) -> String? {
        guard let regex = try? Regex(pattern, as: (Substring, Substring).self), let match = try? regex.firstMatch(in: text) else { return nil }
        return String(match.output.1)
    }

    @Test func theManifestsDependenciesFollowTheFlow() throws {
        let manifest = try String(contentsOf: Self.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let dependencies = Self.dependencies(inManifest: manifest)
        #expect(dependencies["OnboardingKit"].map { Set(["AppDefModel", "Linting", "Generation"]).isSubset(of: $0) } == true)
        for (module, above) in Self.forbidden {
            let uses = try #require(dependencies[module], "no target \(module) in Package.swift")
            #expect(uses.contains("AppDefModel") == (module != "AppDefModel"), "\(module): \(uses)")
            for other in above {
                #expect(!uses.contains(other), "\(module) depends on \(other), against the flow")
            }
        }
    }

    @Test func noSourceImportsAModuleAboveItsOwn() throws {
        for (module, above) in Self.forbidden {
            let folder = Self.packageRoot.appendingPathComponent("Sources/\(module)")
            let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
            #expect(!files.isEmpty, "no sources in Sources/\(module)")
            for file in files {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n") {
                    guard let imported = line.firstMatch(of: #/^\s*(?:@\w+\s+)?(?:\w+\s+)?import\s+(\w+)/#)?.output.1 else { continue }
                    #expect(!above.contains(String(imported)), "Sources/\(module)/\(file) imports \(imported), against the flow")
                }
            }
        }
    }

    /// The reading of the manifest finds what a list says, so that the tests above can fail.
    @Test func aDependencyAgainstTheFlowIsSeen() {
        let manifest = """
            .target(
                name: "AppDefModel",
                dependencies: ["XMLStreaming", "Linting", .product(name: "SystemPackage", package: "swift-system")]
            ),
            .target(name: "Linting", dependencies: ["AppDefModel"]),
            .testTarget(name: "LintingTests", dependencies: ["Linting"]),
            """
        let dependencies = Self.dependencies(inManifest: manifest)
        #expect(dependencies["AppDefModel"]?.contains("Linting") == true)
        #expect(dependencies["Linting"] == ["AppDefModel"])
        #expect(dependencies["LintingTests"] == ["Linting"])
    }
}
