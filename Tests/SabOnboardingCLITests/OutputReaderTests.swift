import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// A reader of the output while a build writes it finds a whole site at every moment: the
/// writer is stopped after each change it makes to the folder, and the site is checked there.
struct OutputReaderTests {
    /// The files a build of the sample writes, by path; with `droppingScreens`, of the sample
    /// without that many of its last screens.
    func files(of sample: String, droppingScreens: Int = 0) throws -> [OutputFile] {
        let appDef = ToolRunner.packageRoot.appendingPathComponent("Samples/" + sample).path
        var text = try String(contentsOfFile: appDef, encoding: .utf8)
        for _ in 0..<droppingScreens {
            let start = try #require(text.range(of: "<onboarding-screen>", options: .backwards))
            let end = try #require(text.range(of: "</onboarding-screen>", options: .backwards))
            text.removeSubrange(start.lowerBound..<end.upperBound)
        }
        let rendered = OnboardingBuilder().render(appDefBytes: Array(text.utf8), appDefPath: appDef)
        let files = try #require(rendered.files, "\(rendered.diagnostics.map(\.message))")
        return files.map { OutputFile(path: $0.key, contents: $0.value) }
    }

    @Test func everyPageFindsWhatItRefersToAtEveryStepOfARebuild() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sab-reader-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        // Builds that share no image, or drop screens and their images, one after another.
        let builds = [
            try files(of: "builders/builders.appDef"), try files(of: "builders/builders.appDef", droppingScreens: 2),
            try files(of: "multilingual/multilingual.appDef"), try files(of: "one-line-export/appdef.xml"),
            try files(of: "builders/builders.appDef"),
        ]
        var steps = 0
        for (number, files) in builds.enumerated() {
            try OutputWriter.write(files, to: out.path) {
                steps += 1
                // The first build has no site to show until its index is in place.
                guard number > 0 || FileManager.default.fileExists(atPath: out.appendingPathComponent("index.html").path) else { return }
                #expect(SiteCheck.missingReferences(in: out) == [], "build \(number + 1), step \(steps)")
            }
            #expect(SiteCheck.missingReferences(in: out) == [])
        }
        #expect(steps > builds.count * 10, "the writer was stopped after each change")
    }
}
