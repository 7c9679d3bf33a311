import Foundation
import Testing

/// `sab-onboarding review`, run as a user would.
@Suite(.serialized)
struct ReviewCommandTests {
    private func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("sab-review-\(UUID().uuidString)")
    }

    @Test func reviewWritesThePageAndItsCarouselAndSaysWhere() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("review").path
        let result = try ToolRunner.run(["review", "Samples/multilingual/multilingual.appDef", "--out", out])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "Wrote the review of 3 screens in 5 languages and 6 themes into \(out)/review.html\n")
        // Diagnostics as lint prints them, on standard error.
        #expect(
            result.standardError.contains(
                "Samples/multilingual/multilingual.appDef:104:22: note: language code 'Kir' is written 'ky' (Kirghiz) in BCP 47; the pages carry 'ky'"))
        for file in ["review.html", "review.css", "review.js", "onboarding/index.html", "onboarding/onboarding.js", "onboarding/screens/3.html"] {
            #expect(FileManager.default.fileExists(atPath: out + "/" + file), "\(file)")
        }
        let page = try String(contentsOfFile: out + "/review.html", encoding: .utf8)
        #expect(page.components(separatedBy: "<iframe ").count - 1 == 3 * 6)
    }

    /// The JSON for CI: the summary, and per screen what the page shows, with the sizes of the
    /// files as written.
    @Test func jsonHasTheSummaryAndEachScreensDataWithTheSizesWritten() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("review").path
        let result = try ToolRunner.run(["review", "Samples/builders/builders.appDef", "--out", out, "--format", "json"])
        #expect(result.status == 0, "\(result.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["screens"] as? Int == 4 && summary["themes"] as? Int == 6 && summary["errors"] as? Int == 0)
        #expect(object["built"] as? Bool == true)
        let screens = try #require(object["screens"] as? [[String: Any]])
        #expect(screens.map { $0["number"] as? Int } == [1, 2, 3, 4])
        var checked = 0
        for screen in screens {
            #expect((screen["contrast"] as? [[String: Any]])?.map { $0["theme"] as? String } == ["normal", "sage", "rose", "sepia", "charcoal", "dark"])
            for cost in try #require(screen["firstOpen"] as? [[String: Any]]) {
                let files = try #require(cost["imageFiles"] as? [String])
                let size = try files.map { file in
                    (try FileManager.default.attributesOfItem(atPath: out + "/onboarding/" + file)[.size] as? Int) ?? -1
                }.reduce(0, +)
                #expect(cost["imageBytes"] as? Int == size, "\(files)")
                checked += files.count
            }
        }
        #expect(checked > 0)
        let total = try #require(summary["firstOpenBytes"] as? Int)
        let firstOpen = try #require(object["firstOpen"] as? [String: Any])
        #expect(firstOpen["totalBytes"] as? Int == total)
        let page = try ["index.html", "onboarding.css", "onboarding.js"].map {
            (try FileManager.default.attributesOfItem(atPath: out + "/onboarding/" + $0)[.size] as? Int) ?? -1
        }.reduce(0, +)
        #expect(firstOpen["pageBytes"] as? Int == page)
    }

    /// An appDef with errors cannot be built: its review is the page alone, with the errors
    /// beside their screens, and the exit status is 1.
    @Test func anAppDefWithErrorsGetsThePageAloneAndExitsOne() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("review").path
        let fixture = "Tests/OnboardingKitTests/Fixtures/invalid/invalid-color.xml"
        let result = try ToolRunner.run(["review", fixture, "--out", out])
        #expect(result.status == 1)
        #expect(result.standardError.contains("invalid-color.xml:11:43: error: 'green' is not a colour [invalid-color]"))
        let errors = result.standardError.split(separator: "\n").filter { $0.contains(": error: ") }.count
        #expect(errors > 0)
        #expect(
            result.standardOutput.hasSuffix(": the carousel was not built (\(errors) errors); the page shows the problems beside their screens\n"),
            "\(result.standardOutput)")
        let page = try String(contentsOfFile: out + "/review.html", encoding: .utf8)
        #expect(page.contains("[invalid-color]") && !page.contains("<iframe"))
        #expect(!FileManager.default.fileExists(atPath: out + "/onboarding"))
    }

    /// The page is shared (a CI artifact): it names files from the appDef's folder down, never
    /// the folders above it, however the appDef was given.
    @Test func thePageNamesNoFolderAboveTheProject() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("home-alice/Projects/app")
        try FileManager.default.createDirectory(at: project.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: ToolRunner.packageRoot.appendingPathComponent("Samples/multilingual"), to: project)
        let out = folder.appendingPathComponent("review").path
        let result = try ToolRunner.run(["review", project.appendingPathComponent("multilingual.appDef").path, "--out", out])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("home-alice/Projects/app/multilingual.appDef:104:22: note:"), "the terminal names the file as given")
        let page = try String(contentsOfFile: out + "/review.html", encoding: .utf8)
        #expect(page.contains("multilingual.appDef:104:22"))
        #expect(!page.contains("home-alice"))
    }

    @Test func aBuildsFolderOrAFolderOfOtherFilesIsRefusedWithoutForce() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = folder.appendingPathComponent("site").path
        #expect(try ToolRunner.run(["build", "Samples/builders/builders.appDef", "--out", site]).status == 0)
        let refused = try ToolRunner.run(["review", "Samples/builders/builders.appDef", "--out", site])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("error: the output folder '\(site)' holds another output of sab-onboarding"), "\(refused.standardError)")
        #expect(!FileManager.default.fileExists(atPath: site + "/review.html"))
        #expect(try ToolRunner.run(["review", "Samples/builders/builders.appDef", "--out", site, "--force"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: site + "/review.html"))

        let other = try ToolRunner.run(["review", "Samples/builders/builders.appDef", "--out", "Sources"])
        #expect(other.status == 1)
        #expect(other.standardError.contains("error: the output folder 'Sources' is not empty and was not written by sab-onboarding"))
    }

    @Test func anUnreadableAppDefWritesNothing() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try ToolRunner.run(["review", folder.appendingPathComponent("missing.appDef").path, "--out", folder.path])
        #expect(result.status == 1)
        #expect(result.standardError.contains("[unreadable-file]"))
        #expect(result.standardError.hasSuffix("sab-onboarding: review failed: nothing was written\n"))
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    @Test func aWrongCommandLineIsAUsageError() throws {
        #expect(try ToolRunner.run(["review", "x.appDef", "--format", "sarif"]).status == 64)
        #expect(try ToolRunner.run(["review", "x.appDef", "--out", "a", "--out", "b"]).status == 64)
        #expect(try ToolRunner.run(["review", "x.appDef", "--out", ""]).status == 64)
        let help = try ToolRunner.run(["help", "review"])
        #expect(help.status == 0 && help.standardOutput.contains("--format <format>") && help.standardOutput.contains("/review/"))
    }
}
