import Foundation
import Testing

@Suite(.serialized)
struct LintCommandTests {
    let samples = ["Samples/builders/builders.appDef", "Samples/multilingual/multilingual.appDef", "Samples/one-line-export/appdef.xml"]
    let invalid = "Tests/OnboardingKitTests/Fixtures/invalid"

    @Test func theBinaryIsBuilt() {
        #expect(FileManager.default.isExecutableFile(atPath: ToolRunner.executable.path), "\(ToolRunner.executable.path)")
    }

    @Test func cleanSamplesExitZero() throws {
        let result = try ToolRunner.run(["lint", "--strict"] + samples)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardError.contains("3 files checked"))
    }

    @Test func errorsInAnyFileExitOneAndEveryFileIsReported() throws {
        let result = try ToolRunner.run(["lint", samples[0], "\(invalid)/invalid-color.xml", "\(invalid)/unknown-element.xml"])
        #expect(result.status == 1)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("\(invalid)/invalid-color.xml:11:43: error: 'green' is not a colour [invalid-color]") })
        #expect(lines.contains { $0.hasPrefix("\(invalid)/unknown-element.xml:9:7: warning: ") && $0.hasSuffix("[unknown-element]") })
        #expect(result.standardError.contains("3 files checked"))
    }

    @Test func warningsFailOnlyWhenStrict() throws {
        let file = "\(invalid)/unknown-element.xml"
        #expect(try ToolRunner.run(["lint", file]).status == 0)
        #expect(try ToolRunner.run(["lint", "--strict", file]).status == 1)
    }

    @Test func jsonFormatHasTheSpecShape() throws {
        let result = try ToolRunner.run(["lint", "--format", "json", "\(invalid)/one-line--short-form-problems.xml"])
        #expect(result.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        let diagnostics = try #require(object?["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 6)
        let first = try #require(diagnostics.first)
        #expect(first["file"] as? String == "\(invalid)/one-line--short-form-problems.xml")
        #expect(first["line"] as? Int == 1)
        #expect(first["column"] as? Int == 105)
        #expect(first["severity"] as? String == "error")
        #expect(first["rule"] as? String == "missing-default-translation")
        #expect((first["message"] as? String)?.isEmpty == false)
        #expect(result.standardError.isEmpty, "JSON output has no summary line")
    }

    @Test func missingFileAndFolderAreClearErrors() throws {
        let result = try ToolRunner.run(["lint", "no/such.appDef", "Samples"])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("no/such.appDef:1:1: error: cannot read the file: No such file or directory [unreadable-file]"))
        #expect(result.standardOutput.contains("Samples:1:1: error: cannot read the file: it is a folder, not a file [unreadable-file]"))
    }

    @Test func unreadableFileIsAClearError() throws {
        guard getuid() != 0 else {
            // root reads a file whatever its mode: a path through a file is unreadable to anyone.
            let result = try ToolRunner.run(["lint", "Package.swift/appDef.xml"])
            #expect(result.status == 1)
            #expect(result.standardOutput.contains("error: cannot read the file: Not a directory [unreadable-file]"))
            return
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sab-unreadable-\(UUID().uuidString).xml")
        try "<app-definition/>".write(to: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: file.path)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try ToolRunner.run(["lint", file.path])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("Permission denied [unreadable-file]"))
    }

    @Test func usageErrorsSayWhatIsWrong() throws {
        let noFiles = try ToolRunner.run(["lint"])
        #expect(noFiles.status == 64)
        #expect(noFiles.standardError.hasPrefix("Error: Missing expected argument '<files> ...'\n"))
        let badFormat = try ToolRunner.run(["lint", "--format", "xml", samples[0]])
        #expect(badFormat.status == 64)
        #expect(badFormat.standardError.contains("The value 'xml' is invalid for '--format <format>'"))
        #expect(badFormat.standardOutput.isEmpty)
    }

    @Test func noColourWhenNotATerminalOrWithNoColor() throws {
        let result = try ToolRunner.run(["lint", "\(invalid)/invalid-color.xml"], environment: ["NO_COLOR": "1"])
        #expect(!result.standardOutput.contains("\u{1B}["))
    }

    @Test func imagesOptionPointsAtAnotherFolder() throws {
        let appDef = samples[0]
        let elsewhere = try ToolRunner.run(["lint", "--images", "Samples/multilingual/images/onboarding", appDef])
        #expect(elsewhere.status == 1)
        #expect(elsewhere.standardOutput.contains("[image-not-found]"))
        #expect(elsewhere.standardOutput.contains("looked for Samples/multilingual/images/onboarding/WiseAndFoolishBuilders.png"))
    }

    @Test func versionIsPrinted() throws {
        let result = try ToolRunner.run(["--version"])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("sab-onboarding "))
    }
}
