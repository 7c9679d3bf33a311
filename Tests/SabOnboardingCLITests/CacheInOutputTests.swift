import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import OnboardingKit

/// The user's caches and cache key are never published: a build whose cache folder
/// (`XDG_CACHE_HOME`) or key folder (`XDG_STATE_HOME`) is its output folder, lies in it or holds
/// it uses no cache, says so, and creates nothing of them in the output, even when it then
/// refuses the folder.
@Suite(.timeLimit(.minutes(10)))
struct CacheInOutputTests {
    typealias Project = ImagePublishingTests.Project

    static func project() throws -> Project {
        try Project(images: ["photo.jpg": ImagePublishingTests.phonePhoto])
    }

    /// Runs `build` with `environment`, `SAB_ONBOARDING_CACHE_KEY` unset unless given, and a
    /// home folder of the project's own.
    static func build(_ project: Project, into out: String, environment: [String: String], _ options: [String] = []) throws -> ToolRunner.Result {
        let unset = environment[CacheSeal.keyVariable] == nil ? ["-u", CacheSeal.keyVariable] : []
        let settings = (environment.merging(["HOME": project.folder.appendingPathComponent("home").path]) { given, _ in given })
            .map { "\($0.key)=\($0.value)" }.sorted()
        return try ToolRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            unset + settings + [ToolRunner.executable.path, "build", project.appDef.path, "--out", project.folder.appendingPathComponent(out).path]
                + options)
    }

    /// Every path under `folder`, relative to it, links not followed.
    static func paths(under folder: URL) -> Set<String> {
        Set(FileManager.default.enumerator(atPath: folder.path).map { $0.compactMap { $0 as? String } } ?? [])
    }

    /// What a build writes there and nothing else: its record lists every file.
    static func expectOnlyTheOutput(in out: URL, besides kept: Set<String> = []) throws {
        let record = try String(contentsOf: out.appendingPathComponent(OutputRecord.fileName), encoding: .utf8)
        let listed = OutputRecord(text: record, kind: .carousel)
        #expect(paths(under: out) == Set(listed.paths + listed.folders + [OutputRecord.fileName]).union(kept))
    }

    @Test(arguments: [".cache", "", "sub/inner"])
    func aCacheFolderInTheOutputIsNotUsed(cacheHome: String) throws {
        let project = try Self.project()
        let out = project.folder.appendingPathComponent("out")
        let environment = [
            "XDG_CACHE_HOME": cacheHome.isEmpty ? out.path : out.appendingPathComponent(cacheHome).path,
            CacheSeal.keyVariable: ImagePublishingTests.cacheKeyText,
        ]
        for _ in 0..<2 {
            let built = try Self.build(project, into: "out", environment: environment, ["--force"])
            #expect(built.status == 0, "\(built.standardError)")
            #expect(built.standardError.contains("the image cache was not used"), "\(built.standardError)")
            #expect(built.standardError.contains("$XDG_CACHE_HOME"))
            try Self.expectOnlyTheOutput(in: out)
        }
    }

    @Test func aCacheFolderThatHoldsTheOutputIsNotUsed() throws {
        let project = try Self.project()
        let cacheHome = project.folder.appendingPathComponent("cache-home")
        let environment = ["XDG_CACHE_HOME": cacheHome.path, CacheSeal.keyVariable: ImagePublishingTests.cacheKeyText]
        let built = try Self.build(project, into: "cache-home/sab-onboarding/images", environment: environment)
        #expect(built.status == 0, "\(built.standardError)")
        #expect(built.standardError.contains("the image cache was not used"), "\(built.standardError)")
        try Self.expectOnlyTheOutput(in: cacheHome.appendingPathComponent("sab-onboarding/images"))
        #expect(Self.paths(under: cacheHome).allSatisfy { $0.hasPrefix("sab-onboarding/images") || $0 == "sab-onboarding" })
    }

    @Test func aKeyFolderInTheOutputIsNotUsedNorMade() throws {
        let project = try Self.project()
        let out = project.folder.appendingPathComponent("out")
        let environment = [
            "XDG_STATE_HOME": out.appendingPathComponent(".state").path,
            "XDG_CACHE_HOME": project.folder.appendingPathComponent("cache").path,
        ]
        // A folder of the user's: refused without --force, and nothing made in it meanwhile.
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: out.appendingPathComponent("CNAME"))
        let refused = try Self.build(project, into: "out", environment: environment)
        #expect(refused.status != 0)
        #expect(Self.paths(under: out) == ["CNAME"])
        let built = try Self.build(project, into: "out", environment: environment, ["--force"])
        #expect(built.status == 0, "\(built.standardError)")
        #expect(built.standardError.contains("$XDG_STATE_HOME"), "\(built.standardError)")
        try Self.expectOnlyTheOutput(in: out, besides: ["CNAME"])
        #expect(!FileManager.default.fileExists(atPath: project.folder.appendingPathComponent("cache/sab-onboarding").path), "nor the cache")
    }

    @Test func theOutputAsTheKeyFolderIsNotUsed() throws {
        let project = try Self.project()
        let out = project.folder.appendingPathComponent("out")
        let built = try Self.build(
            project, into: "out", environment: ["XDG_STATE_HOME": out.path, "XDG_CACHE_HOME": project.folder.appendingPathComponent("cache").path])
        #expect(built.status == 0, "\(built.standardError)")
        try Self.expectOnlyTheOutput(in: out)
    }
}
