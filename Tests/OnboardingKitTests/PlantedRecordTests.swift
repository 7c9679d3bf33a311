import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import OnboardingKit

/// The record lies in the output folder, where others may write (a pull request to a committed
/// `docs/`): a record planted or edited there cannot make a build remove the user's files,
/// while what a previous build really wrote and this one no longer has is still removed.
struct PlantedRecordTests {
    typealias Project = UnchangedRebuildTests.Project

    @Test func aPlantedRecordMakesTheBuildRemoveNoneOfTheFilesItLists() throws {
        let project = try Project()
        let out = project.out
        try project.folder.write("out/.git/config", "cfg\n")
        try project.folder.write("out/CNAME", "example.org\n")
        try project.folder.write("out/notes/draft.txt", "mine\n")
        try project.folder.write("out/empty-of-mine/.keep", "")
        try FileManager.default.removeItem(atPath: out + "/empty-of-mine/.keep")
        try project.folder.write(
            "out/" + OutputRecord.fileName, "# x\nCNAME\n.git/config\n.git/\nnotes/draft.txt\nnotes/\nempty-of-mine/\nscreens/old.html\n")
        try project.folder.write("out/screens/old.html", "the user's page")

        let result = try project.build()
        #expect(result.succeeded && result.rendered)
        #expect(try String(contentsOfFile: out + "/CNAME", encoding: .utf8) == "example.org\n")
        #expect(try String(contentsOfFile: out + "/.git/config", encoding: .utf8) == "cfg\n")
        #expect(try String(contentsOfFile: out + "/notes/draft.txt", encoding: .utf8) == "mine\n")
        #expect(try String(contentsOfFile: out + "/screens/old.html", encoding: .utf8) == "the user's page", "not a name the build gives")
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: out + "/empty-of-mine", isDirectory: &isFolder) && isFolder.boolValue)
        // The record the build leaves lists only what it wrote.
        let record = try String(contentsOfFile: out + "/" + OutputRecord.fileName, encoding: .utf8)
        #expect(OutputRecord(text: record, kind: .carousel).paths == result.writtenFiles.sorted())
        #expect(!record.contains("CNAME") && !record.contains(".git") && !record.contains("notes"))
    }

    /// A screen page's name is digits alone, compared as characters are stored: `1` followed
    /// by a combining accent, or the keycap `1️⃣`, is one character that sorts between `0`
    /// and `9`, but no page the build writes.
    @Test func aScreenNameWhoseCharactersOnlySortAmongDigitsIsNotRemoved() throws {
        let project = try Project()
        let names = ["1\u{301}", "1\u{FE0F}\u{20E3}", "2\u{200D}"].map { "screens/" + $0 + ".html" }
        for name in names { try project.folder.write("out/" + name, "the user's page") }
        try project.folder.write("out/" + OutputRecord.fileName, "# x\n" + names.joined(separator: "\n") + "\n")

        let result = try project.build()
        #expect(result.succeeded && result.rendered)
        for name in names {
            #expect(FileManager.default.fileExists(atPath: project.out + "/" + name), "\(name.unicodeScalars.map(\.value)) is the user's")
            #expect(!OutputNames.isWrittenByTheTool(name, in: .carousel))
        }
        #expect(OutputNames.isWrittenByTheTool("screens/12.html", in: .carousel))
    }

    /// A record, planted or edited, is no leave to replace a file of the user's where the build
    /// writes one of its own: the build stops with nothing written; `--force` replaces it.
    @Test func aPlantedRecordIsNoLeaveToReplaceTheUsersFiles() throws {
        var project = try Project()
        let out = project.out
        try project.folder.write("out/index.html", "<h1>mine</h1>\n")
        try project.folder.write("out/" + OutputRecord.fileName, "# planted\n")
        #expect(throws: OutputError.self) { try project.build() }
        #expect(try String(contentsOfFile: out + "/index.html", encoding: .utf8) == "<h1>mine</h1>\n")
        #expect(!FileManager.default.fileExists(atPath: out + "/onboarding.css"), "nothing was written")
        project.options.force = true
        #expect(try project.build().succeeded)
        #expect(try String(contentsOfFile: out + "/index.html", encoding: .utf8) != "<h1>mine</h1>\n")
    }

    /// A file named as the build names images and fonts, whose bytes do not give the hash in
    /// its name, is not one the build wrote: a record listing it does not get it removed.
    @Test func aFileNamedLikeAnImageOfTheBuildsIsRemovedOnlyIfItsBytesAreThatImage() throws {
        let project = try Project()
        #expect(try project.build().succeeded)
        let record = project.out + "/" + OutputRecord.fileName
        try project.folder.write("out/images/banner-2024010101.pdf", "the user's report")
        try project.folder.write("out/fonts/Inter-0123456789.woff2", "the user's font")
        try (try String(contentsOfFile: record, encoding: .utf8) + "images/banner-2024010101.pdf\nfonts/Inter-0123456789.woff2\n")
            .write(toFile: record, atomically: false, encoding: .utf8)
        try project.replace("Onboarding title", with: "Another title", in: "project/builders.appDef")
        #expect(try project.build().succeeded)
        let left = filesUnder(project.out)
        #expect(left["images/banner-2024010101.pdf"] != nil && left["fonts/Inter-0123456789.woff2"] != nil)
    }

    /// A record is read for the kind of output being written: a build's record that lists the
    /// review page's files (or a review's that lists a carousel's at the top) makes nobody's
    /// files of those names the tool's. Such a record says the folder holds the other kind of
    /// output: the build stops; with `--force` it writes its own files and keeps those.
    @Test func aRecordListsOnlyTheNamesOfItsOwnKindOfOutput() throws {
        var project = try Project()
        #expect(try project.build().succeeded)
        let record = project.out + "/" + OutputRecord.fileName
        try project.folder.write("out/review.html", "the user's notes")
        try project.folder.write("out/review.js", "the user's script")
        let planted = try String(contentsOfFile: record, encoding: .utf8) + "review.html\nreview.js\n"
        #expect(OutputRecord(text: planted, kind: .carousel) == OutputRecord(text: planted.replacing("review.html\nreview.js\n", with: ""), kind: .carousel))
        try planted.write(toFile: record, atomically: false, encoding: .utf8)
        try project.replace("Onboarding title", with: "Another title", in: "project/builders.appDef")
        let refusal = #expect(throws: OutputError.self) { try project.build() }
        #expect(refusal?.message.contains("holds another output of sab-onboarding (a review)") == true, "\(String(describing: refusal))")
        project.options.force = true
        #expect(try project.build().succeeded)
        let left = filesUnder(project.out)
        #expect(left["review.html"] == Data("the user's notes".utf8) && left["review.js"] == Data("the user's script".utf8))
        let rewritten = try String(contentsOfFile: record, encoding: .utf8)
        #expect(!rewritten.contains("review"), "the record left lists only the build's files")
    }

    /// A build into a review's folder stops unless forced, and then keeps the review's files:
    /// the two outputs never take each other's files for their own.
    @Test func aBuildIntoAReviewsFolderKeepsTheReviewsFiles() throws {
        var project = try Project()
        let review = ReviewBuilder(options: project.options).review(
            appDefBytes: Array(try Data(contentsOf: URL(fileURLWithPath: project.appDef))), appDefPath: project.appDef)
        let written = try ReviewBuilder.write(review, to: project.out, force: false)
        #expect(throws: OutputError.self) { try project.build() }
        project.options.force = true
        let built = try project.build()
        #expect(built.succeeded)
        let left = filesUnder(project.out)
        for path in written { #expect(left[path] != nil, "\(path) is kept") }
        #expect(Set(left.keys) == Set(written + built.writtenFiles + [OutputRecord.fileName]))
    }

    @Test func whatAPreviousBuildWroteAndThisOneHasNoMoreIsStillRemoved() throws {
        let project = try Project()
        let first = try project.build()
        #expect(first.succeeded)
        let houseImages = first.writtenFiles.filter { $0.hasPrefix("images/HouseOnTheRock-") }
        #expect(houseImages.count >= 2, "\(first.writtenFiles)")
        #expect(first.writtenFiles.contains("screens/4.html"))
        try project.folder.write("out/CNAME", "example.org\n")
        let record = project.out + "/" + OutputRecord.fileName
        try (try String(contentsOfFile: record, encoding: .utf8) + "CNAME\n").write(toFile: record, atomically: false, encoding: .utf8)

        // The screen with the house goes: its page (the last number) and its image's variants are stale.
        let path = project.folder.path("project/builders.appDef")
        var text = try String(contentsOfFile: path, encoding: .utf8)
        let image = try #require(text.range(of: "HouseOnTheRock.png"))
        let start = try #require(text.range(of: "<onboarding-screen>", options: .backwards, range: text.startIndex..<image.lowerBound))
        let end = try #require(text.range(of: "</onboarding-screen>", range: image.upperBound..<text.endIndex))
        text.removeSubrange(start.lowerBound..<end.upperBound)
        try text.write(toFile: path, atomically: false, encoding: .utf8)

        let second = try project.build()
        #expect(second.succeeded && second.rendered)
        let left = filesUnder(project.out)
        #expect(left["screens/4.html"] == nil)
        for image in houseImages { #expect(left[image] == nil, "\(image) is removed") }
        #expect(left["CNAME"] != nil)
        #expect(Set(left.keys) == Set(second.writtenFiles + ["CNAME", OutputRecord.fileName]))
    }

    /// Every path a build or a review writes, and every folder it makes, has a form the record
    /// keeps: the check is derived from the names the renderers give, and must not drift from them.
    @Test func everyPathABuildOrAReviewWritesIsOneTheRecordKeeps() throws {
        for keepsOriginals in [false, true] {
            for sample in [("builders", "builders.appDef"), ("multilingual", "multilingual.appDef"), ("one-line-export", "appdef.xml")] {
                var project = try Project(sample: sample.0, appDefName: sample.1)
                project.options.keepsOriginalImages = keepsOriginals
                #expect(try project.build().succeeded, "\(sample)")
                let review = ReviewBuilder(options: project.options).review(
                    appDefBytes: Array(try Data(contentsOf: URL(fileURLWithPath: project.appDef))), appDefPath: project.appDef)
                let reviewFolder = project.folder.path("review")
                _ = try ReviewBuilder.write(review, to: reviewFolder, force: false)
                try check([(project.out, .carousel), (reviewFolder, .review)])
            }
        }
        let folder = TemporaryFolder()
        try folder.write("app.appDef", FontBuildTests.appDef)
        try folder.write("fonts/CharisSIL-R.ttf", font: DebianFonts.charis)
        try folder.write("fonts/CharisSIL-B.ttf", font: DebianFonts.charisBold)
        let fonts = try OnboardingBuilder(options: BuildOptions(outputDirectory: folder.path("out"))).build(appDefPath: folder.path("app.appDef"))
        #expect(fonts.writtenFiles.contains { $0.hasPrefix("fonts/") })
        try check([(folder.path("out"), .carousel)])
    }

    /// The record each output holds reads back whole: no path or folder left out.
    private func check(_ outputs: [(String, OutputNames.Kind)]) throws {
        for (out, kind) in outputs {
            let text = try String(contentsOfFile: out + "/" + OutputRecord.fileName, encoding: .utf8)
            let record = OutputRecord(text: text, kind: kind)
            #expect(record.text == text, "\(out)")
            #expect(Set(record.paths) == Set(filesUnder(out).keys).subtracting([OutputRecord.fileName]), "\(out)")
            #expect(!record.folders.isEmpty)
        }
    }
}
