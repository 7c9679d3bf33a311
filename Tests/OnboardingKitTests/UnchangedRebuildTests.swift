import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// A rebuild of unchanged input stops after lint, and any change of what the output is made of,
/// or of the output itself, makes it build in full again.
struct UnchangedRebuildTests {
    /// A copy of a sample project that a test may change, with an output folder beside it.
    struct Project {
        let folder = TemporaryFolder()
        var appDef: String
        var options: BuildOptions

        init(sample: String = "builders", appDefName: String = "builders.appDef") throws {
            try FileManager.default.copyItem(
                at: Fixtures.samplesRoot.appendingPathComponent(sample), to: folder.url.appendingPathComponent("project"))
            appDef = folder.path("project/" + appDefName)
            options = BuildOptions(outputDirectory: folder.path("out"))
        }

        var out: String { options.outputDirectory }

        func build() throws -> OnboardingBuilder.Result {
            try OnboardingBuilder(options: options).build(appDefPath: appDef)
        }

        /// The output a first build of the project as it is now gives, in a folder of its own.
        func freshOutput() throws -> [String: Data] {
            var fresh = options
            fresh.outputDirectory = folder.path("fresh-\(UUID().uuidString)")
            let result = try OnboardingBuilder(options: fresh).build(appDefPath: appDef)
            #expect(result.succeeded && result.rendered)
            return filesUnder(fresh.outputDirectory)
        }

        func replace(_ text: String, with replacement: String, in relativePath: String) throws {
            let path = folder.path(relativePath)
            let contents = try String(contentsOfFile: path, encoding: .utf8)
            #expect(contents.contains(text), "\(relativePath) holds '\(text)'")
            try contents.replacingOccurrences(of: text, with: replacement).write(toFile: path, atomically: false, encoding: .utf8)
        }

        /// The output's cache, in the user's cache folder, named after the output's path as
        /// Foundation standardizes it (the writer must name it so without Foundation).
        var cachePath: String { OutputCache.path(of: URL(fileURLWithPath: out).standardizedFileURL.path) ?? "(no cache folder)" }

        /// The stamp line of the cache.
        func cacheStamp() throws -> String? {
            try String(contentsOfFile: cachePath, encoding: .utf8).split(separator: "\n").first { $0.hasPrefix("stamp ") }.map(String.init)
        }

        /// Overwrites the start of an output file by hand, keeping its size, and puts its times back.
        func editKeepingSizeAndTime(_ relative: String) throws {
            let path = out + "/" + relative
            var before = stat()
            #expect(lstat(path, &before) == 0)
            let handle = try #require(FileHandle(forWritingAtPath: path))
            try handle.write(contentsOf: Data("/* edited by hand */".utf8))
            try handle.close()
            #expect(utimensat(AT_FDCWD, path, [before.st_atim, before.st_mtim], 0) == 0, "the time put back as it was")
            var after = stat()
            #expect(lstat(path, &after) == 0 && after.st_size == before.st_size && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
        }

        /// Changes a line of the output's cache, as if another build or moment had written it
        /// (sealed again with this user's key, as a build seals it).
        func replaceCacheLine(startingWith prefix: String, with line: String) throws {
            let cache = cachePath
            let name = URL(fileURLWithPath: cache).lastPathComponent
            let key = try #require(CacheSeal.machineKey)
            let opened = try #require(CacheSeal.opened([UInt8](try Data(contentsOf: URL(fileURLWithPath: cache))), name: name, key: key))
            let lines = String(decoding: opened, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.contains { $0.hasPrefix(prefix) })
            let changed = lines.map { $0.hasPrefix(prefix) ? line : String($0) }.joined(separator: "\n")
            try Data(CacheSeal.sealed(Array(changed.utf8), name: name, key: key)).write(to: URL(fileURLWithPath: cache), options: .atomic)
        }
    }

    /// Path to modification time and inode of every regular file under `folder`, dot files included.
    func stamps(_ folder: String) -> [String: String] {
        var result: [String: String] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [:] }
        for case let path as String in enumerator {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: folder + "/" + path),
                attributes[.type] as? FileAttributeType == .typeRegular
            else { continue }
            result[path] = "\((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)/\(attributes[.systemFileNumber] ?? 0)"
        }
        return result
    }

    /// Builds the project, checks that a rebuild would stop early, changes it, and checks that
    /// the next build renders and ends with the output of a fresh build of the changed project.
    func expectFullRebuild(of project: inout Project, after change: (inout Project) throws -> Void) throws {
        #expect(try project.build().succeeded)
        #expect(try !project.build().rendered, "unchanged, the rebuild stops early")
        try change(&project)
        let rebuilt = try project.build()
        #expect(rebuilt.succeeded)
        #expect(rebuilt.rendered, "the change is seen")
        #expect(filesUnder(project.out) == (try project.freshOutput()))
    }

    // MARK: - Unchanged

    @Test func aRebuildOfUnchangedInputStopsAfterLintWithTheSameDiagnosticsAndWritesNothing() throws {
        let project = try Project(sample: "multilingual", appDefName: "multilingual.appDef")
        let first = try project.build()
        #expect(first.succeeded && first.rendered && !first.unchanged)
        let before = stamps(project.out)
        #expect(FileManager.default.fileExists(atPath: project.cachePath), "the cache is in the user's cache folder")
        #expect(try FileManager.default.contentsOfDirectory(atPath: project.folder.url.path).sorted() == ["out", "project"], "not beside the output")
        #expect(before.keys.allSatisfy { !$0.contains("cache") }, "nor in it")

        let again = try project.build()
        #expect(again.unchanged)
        #expect(!again.rendered)
        #expect(!again.diagnostics.isEmpty && again.diagnostics == first.diagnostics, "the same notes as the first build")
        #expect(Set(again.writtenFiles) == Set(first.writtenFiles))
        #expect(stamps(project.out) == before)
    }

    @Test func templateWarningsAreReportedOnAnUnchangedRebuildToo() throws {
        var project = try Project()
        try project.folder.write("templates/extra.mustache", "not a template name")
        project.options.templatesDirectory = project.folder.path("templates")
        let first = try project.build()
        let again = try project.build()
        #expect(!again.rendered)
        #expect(again.diagnostics.contains { $0.ruleID == "template-error" && $0.severity == .warning })
        #expect(again.diagnostics == first.diagnostics)
    }

    @Test func filesTheToolDidNotWriteStayAsTheyAre() throws {
        let project = try Project()
        _ = try project.build()
        try project.folder.write("out/notes/mine.txt", "the user's own file")
        let before = stamps(project.out)
        let again = try project.build()
        #expect(again.unchanged && !again.rendered)
        #expect(stamps(project.out) == before)
    }

    // MARK: - Changed input

    @Test func aChangedByteOfTheAppDef() throws {
        var project = try Project()
        try expectFullRebuild(of: &project) { project in
            try project.replace("It did not fall", with: "It did not fell", in: "project/builders.appDef")
        }
        #expect(try String(contentsOfFile: project.out + "/screens/3.html", encoding: .utf8).contains("It did not fell"))
    }

    @Test func anImageWithOtherBytesUnderTheSameName() throws {
        var project = try Project()
        try expectFullRebuild(of: &project) { project in
            let images = project.folder.path("project/images/onboarding") + "/"
            try FileManager.default.removeItem(atPath: images + "WiseAndFoolishBuilders.png")
            try FileManager.default.copyItem(atPath: images + "HouseOnTheRock.png", toPath: images + "WiseAndFoolishBuilders.png")
        }
    }

    @Test func anImageThatWasMissingIsAdded() throws {
        var project = try Project()
        let image = project.folder.path("project/images/onboarding/RainAndFloods.jpg")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: image))
        try FileManager.default.removeItem(atPath: image)
        project.options.rules = try RuleSelection(disable: ["image-not-found"], enable: [])
        try expectFullRebuild(of: &project) { _ in try bytes.write(to: URL(fileURLWithPath: image)) }
        let published = try FileManager.default.contentsOfDirectory(atPath: project.out + "/images")
        #expect(published.contains { $0.hasPrefix("RainAndFloods-") && $0.hasSuffix(".webp") }, "\(published)")
    }

    @Test func aFontWithOtherBytesAndAFontThatWasMissing() throws {
        var project = try Project()
        try project.folder.write("project/fonts.appDef", FontBuildTests.appDef)
        try project.folder.write("project/fonts/CharisSIL-R.ttf", font: DebianFonts.charis)
        try project.folder.write("project/fonts/CharisSIL-B.ttf", font: DebianFonts.charisBold)
        project.appDef = project.folder.path("project/fonts.appDef")
        try expectFullRebuild(of: &project) { project in
            try project.folder.write("project/fonts/CharisSIL-R.ttf", font: DebianFonts.andika)
        }
        try expectFullRebuild(of: &project) { project in
            try project.folder.write("project/fonts/Missing.ttf", font: DebianFonts.scheherazade)
        }
        #expect(try String(contentsOfFile: project.out + "/onboarding.css", encoding: .utf8).contains(":lang(ar)"))
    }

    /// The fonts are subset to the text: a text with a new letter is a full rebuild, whose
    /// fonts are other subsets.
    @Test func aTextWithANewLetterForAFont() throws {
        var project = try Project()
        try project.folder.write("project/fonts.appDef", FontBuildTests.appDef)
        try project.folder.write("project/fonts/CharisSIL-R.ttf", font: DebianFonts.charis)
        try project.folder.write("project/fonts/CharisSIL-B.ttf", font: DebianFonts.charisBold)
        project.appDef = project.folder.path("project/fonts.appDef")
        var before: Set<String> = []
        try expectFullRebuild(of: &project) { project in
            before = Set(try FileManager.default.contentsOfDirectory(atPath: project.out + "/fonts"))
            try project.folder.write("project/fonts.appDef", FontBuildTests.appDef.replacingOccurrences(of: "<t>Welcome</t>", with: "<t>Welcome, Ŋgbâ</t>"))
        }
        let after = Set(try FileManager.default.contentsOfDirectory(atPath: project.out + "/fonts"))
        #expect(after.count == 2 && after.isDisjoint(with: before), "\(before) then \(after)")
    }

    @Test func aTemplateOverrideWithOtherBytes() throws {
        var project = try Project()
        let gate = try #require(TemplateSet.defaultText(of: "onboarding-gate.js.mustache"))
        try project.folder.write("templates/onboarding-gate.js.mustache", gate + "/* first */\n")
        project.options.templatesDirectory = project.folder.path("templates")
        try expectFullRebuild(of: &project) { project in
            try project.folder.write("templates/onboarding-gate.js.mustache", gate + "/* other */\n")
        }
        #expect(try String(contentsOfFile: project.out + "/onboarding-gate.js", encoding: .utf8).hasSuffix("/* other */\n"))
    }

    @Test func aTemplateOverrideAdded() throws {
        var project = try Project()
        try project.folder.write("templates/README.txt", "templates of the project")
        project.options.templatesDirectory = project.folder.path("templates")
        let gate = try #require(TemplateSet.defaultText(of: "onboarding-gate.js.mustache"))
        try expectFullRebuild(of: &project) { project in
            try project.folder.write("templates/onboarding-gate.js.mustache", gate + "/* added */\n")
        }
        #expect(try String(contentsOfFile: project.out + "/onboarding-gate.js", encoding: .utf8).hasSuffix("/* added */\n"))
    }

    @Test func anotherStartURL() throws {
        var project = try Project()
        try expectFullRebuild(of: &project) { project in project.options.startURL = "../app/start.html" }
        #expect(try String(contentsOfFile: project.out + "/index.html", encoding: .utf8).contains("../app/start.html"))
    }

    // MARK: - Changed output

    @Test func aDeletedOutputFileIsWrittenAgain() throws {
        var project = try Project()
        try expectFullRebuild(of: &project) { project in
            try FileManager.default.removeItem(atPath: project.out + "/screens/2.html")
        }
    }

    @Test func anOutputFileEditedInPlaceToTheSameSizeIsWrittenAgain() throws {
        var project = try Project()
        try expectFullRebuild(of: &project) { project in
            let css = try #require(FileHandle(forWritingAtPath: project.out + "/onboarding.css"))
            try css.write(contentsOf: Data("/* edited by hand */".utf8))
            try css.close()
        }
    }

    /// The output folder is one others may write (a pull request to a committed `docs/`), so
    /// the digest a changed file is compared with must be one no one can match with other
    /// bytes: XXH64's can be, by a 32-byte stripe, and a script planted so passed for the
    /// build's own.
    @Test func anOutputFileEditedToTheSameXXH64DigestIsWrittenAgain() throws {
        var project = try Project()
        try expectFullRebuild(of: &project) { project in
            let path = project.out + "/onboarding.js"
            let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            let forged = try #require(
                (0..<32).lazy.compactMap { padding in
                    XXHash64Collision.forged(
                        original, prefix: Array("document.title = \"planted\";\(String(repeating: " ", count: padding))/*".utf8),
                        avoiding: Array("*/".utf8))
                }.first)
            #expect(XXHash64.digest(of: forged) == XXHash64.digest(of: original) && forged.count == original.count)
            #expect(String(decoding: original.prefix(2), as: UTF8.self) == "/*", "the original's first comment closes the planted one")
            try Data(forged).write(to: URL(fileURLWithPath: path))
        }
    }

    /// A file changed in the clock tick in which the build noted it keeps its time: the cache
    /// notes that moment, and such a file is read and compared with its digest.
    @Test func aFileChangedInTheTickOfTheBuildIsReadAndCompared() throws {
        let project = try Project()
        _ = try project.build()
        try project.replaceCacheLine(startingWith: "stamp ", with: "stamp 0")
        let outputBefore = stamps(project.out)
        #expect(try !project.build().rendered, "unchanged files are confirmed by their digests")
        #expect(try project.cacheStamp() != "stamp 0", "and noted again with a new stamp, so that the next rebuild need not read them")
        #expect(stamps(project.out) == outputBefore, "nothing of the output is written")
        try project.replaceCacheLine(startingWith: "stamp ", with: "stamp 0")

        try project.editKeepingSizeAndTime("onboarding.css")

        let rebuilt = try project.build()
        #expect(rebuilt.rendered && !rebuilt.unchanged)
        #expect(filesUnder(project.out) == (try project.freshOutput()))
    }

    /// An edit that keeps the size and puts the modification time back, well after the build
    /// (the cache's stamp is later than every file's time, so no file is read), is still seen:
    /// the change time moves with any edit and cannot be put back.
    @Test func anEditThatKeepsTheSizeAndPutsTheTimeBackIsNoticed() throws {
        let project = try Project()
        _ = try project.build()
        try project.replaceCacheLine(startingWith: "stamp ", with: "stamp \(Int64.max)")
        #expect(try !project.build().rendered)

        try project.editKeepingSizeAndTime("onboarding.css")

        let rebuilt = try project.build()
        #expect(rebuilt.rendered && !rebuilt.unchanged)
        #expect(filesUnder(project.out) == (try project.freshOutput()))
    }

    // MARK: - What the rebuild knows of the output

    @Test func aRecordWithoutFingerprintMakesAFullBuildThatKeepsUnchangedFiles() throws {
        let project = try Project()
        _ = try project.build()
        let record = project.out + "/" + OutputRecord.fileName
        let oldForm =
            try String(contentsOfFile: record, encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("# Input fingerprint") }.joined(separator: "\n") + "\n"
        try oldForm.write(toFile: record, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: project.cachePath)
        let before = stamps(project.out)

        let rebuilt = try project.build()
        #expect(rebuilt.rendered && !rebuilt.unchanged, "the record is written in its new form")
        #expect(filesUnder(project.out) == (try project.freshOutput()))
        let after = stamps(project.out)
        #expect(after["index.html"] == before["index.html"], "unchanged files are kept as they were")
        #expect(try !project.build().rendered)
    }

    @Test func anEditedRecordIsWrittenAgain() throws {
        let project = try Project()
        _ = try project.build()
        let record = project.out + "/" + OutputRecord.fileName
        let original = try String(contentsOfFile: record, encoding: .utf8)
        try (original + "# a note\n").write(toFile: record, atomically: false, encoding: .utf8)
        let rebuilt = try project.build()
        #expect(rebuilt.rendered, "the record is part of the output")
        #expect(try String(contentsOfFile: record, encoding: .utf8) == original)
    }

    @Test func withoutTheCacheARebuildComparesInFullAndStillWritesNothing() throws {
        let project = try Project()
        _ = try project.build()
        try FileManager.default.removeItem(atPath: project.cachePath)
        let before = stamps(project.out)
        let again = try project.build()
        #expect(again.rendered && again.unchanged)
        #expect(stamps(project.out) == before)
        #expect(try !project.build().rendered, "the full check noted the files again")
    }

    @Test func aCacheWrittenByAnotherExecutableIsNotTrusted() throws {
        let project = try Project()
        _ = try project.build()
        try project.replaceCacheLine(startingWith: "tool ", with: "tool 1 1 1 1")
        let again = try project.build()
        #expect(again.rendered && again.unchanged)
    }
}
