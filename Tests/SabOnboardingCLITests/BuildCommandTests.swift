import Foundation
import Testing

@Suite(.serialized)
struct BuildCommandTests {
    @Test func buildPrintsWhereTheCarouselIs() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sab-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("site").path
        let result = try ToolRunner.run(["build", "Samples/one-line-export/appdef.xml", "--out", out])
        #expect(result.status == 0, "\(result.standardError)")
        // The images are made smaller, or found so in the cache an earlier test filled.
        #expect(result.standardOutput.hasPrefix("Built 3 screens into \(out)/index.html (images: "))
        #expect(result.standardOutput.hasSuffix(" reused from the cache)\n"))
        #expect(FileManager.default.fileExists(atPath: out + "/screens/3.html"))
    }

    /// Most apps have no onboarding screens, and a pipeline includes the gate anyway: the build
    /// says in one line what that output does.
    @Test func buildWithoutScreensSaysWhatItWroteAndWhy() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sab-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let appDef = folder.appendingPathComponent("NoScreens.appDef").path
        try Data("<app-definition type=\"SAB\"><package>org.example.none</package></app-definition>".utf8)
            .write(to: URL(fileURLWithPath: appDef))
        let out = folder.appendingPathComponent("site").path
        let result = try ToolRunner.run(["build", appDef, "--out", out, "--start-url", "../app/"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput
                == "Built \(out): \(appDef) has no onboarding screens, so its gate lets the app open and its index.html goes straight on to ../app/\n")
        #expect(FileManager.default.fileExists(atPath: out + "/onboarding-gate.js"))
        #expect(!FileManager.default.fileExists(atPath: out + "/screens"))
    }

    @Test func aRebuildOfUnchangedInputPrintsTheSameNotesAndSaysNothingWasWritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sab-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("site").path
        let first = try ToolRunner.run(["build", "Samples/multilingual/multilingual.appDef", "--out", out])
        #expect(first.status == 0)
        #expect(first.standardError.contains("note: language code 'Kir' is written 'ky' (Kirghiz) in BCP 47; the pages carry 'ky'"))
        let again = try ToolRunner.run(["build", "Samples/multilingual/multilingual.appDef", "--out", out])
        #expect(again.status == 0)
        #expect(again.standardError == first.standardError)
        #expect(again.standardOutput == "Built 3 screens into \(out)/index.html (unchanged: nothing written)\n")
    }

    @Test func buildWithErrorsExitsOneAndWritesNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sab-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try ToolRunner.run(["build", "Tests/OnboardingKitTests/Fixtures/invalid/invalid-color.xml", "--out", folder.path])
        #expect(result.status == 1)
        #expect(result.standardError.contains("invalid-color.xml:11:43: error: 'green' is not a colour [invalid-color]"))
        #expect(result.standardError.contains("nothing was written"))
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    @Test func anOutputFolderThatIsNotTheToolsIsRefusedClearly() throws {
        let result = try ToolRunner.run(["build", "Samples/builders/builders.appDef", "--out", "Sources"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("error: the output folder 'Sources' is not empty and was not written by sab-onboarding"))
    }

    @Test func manifestPrintsTheManifestAndSchemaItsSchema() throws {
        let manifest = try ToolRunner.run(["manifest", "Samples/builders/builders.appDef"])
        #expect(manifest.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(manifest.standardOutput.utf8)) as? [String: Any]
        #expect(object?["schemaVersion"] as? Int == 1)
        #expect((object?["screens"] as? [Any])?.count == 4)

        let schema = try ToolRunner.run(["schema"])
        #expect(schema.status == 0)
        let schemaObject = try JSONSerialization.jsonObject(with: Data(schema.standardOutput.utf8)) as? [String: Any]
        #expect(schemaObject?["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")

        let broken = try ToolRunner.run(["manifest", "Tests/OnboardingKitTests/Fixtures/invalid/invalid-color.xml"])
        #expect(broken.status == 1)
        #expect(broken.standardOutput.isEmpty)
    }

    /// The release binary must work when copied alone anywhere: the templates are compiled in.
    @Test func theBinaryCopiedAloneBuilds() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sab-alone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("sab-onboarding")
        try FileManager.default.copyItem(at: ToolRunner.executable, to: copy)
        let project = folder.appendingPathComponent("project")
        try FileManager.default.copyItem(at: ToolRunner.packageRoot.appendingPathComponent("Samples/builders"), to: project)

        let process = Process()
        process.executableURL = copy
        process.arguments = ["build", "builders.appDef", "--out", "web"]
        process.currentDirectoryURL = project
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let index = try String(contentsOf: project.appendingPathComponent("web/index.html"), encoding: .utf8)
        #expect(index.contains("aria-roledescription=\"carousel\""))
    }
}
