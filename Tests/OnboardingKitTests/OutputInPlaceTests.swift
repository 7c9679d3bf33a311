import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// The build writes its own files into the output folder, in place, and touches nothing else:
/// not the modes of the user's files and folders, not special files, not a link given as the
/// output, not what is beside the output.
struct OutputInPlaceTests {
    typealias Project = UnchangedRebuildTests.Project

    /// Changes the appDef so that the next build writes, and builds.
    func rebuildAfterAChange(_ project: Project) throws -> OnboardingBuilder.Result {
        try project.replace("It did not fall", with: "It stood", in: "project/builders.appDef")
        let result = try project.build()
        #expect(result.succeeded && result.rendered && !result.unchanged, "the rebuild writes")
        return result
    }

    /// The whole `st_mode` of what is at `path`, links not followed; `nil` when nothing is there.
    func mode(of path: String) -> mode_t? {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode : nil
    }

    @Test func theModesAndSetgidBitsOfFoldersAndFilesTheToolDidNotWriteStay() throws {
        let project = try Project()
        #expect(try project.build().succeeded)
        let out = project.out
        try project.folder.write("out/shared/secret.txt", "the user's own file")
        #expect(chmod(out + "/shared/secret.txt", 0o600) == 0)
        #expect(chmod(out + "/shared", 0o2770) == 0)
        #expect(chmod(out, 0o2775) == 0)
        _ = try rebuildAfterAChange(project)
        #expect(mode(of: out).map { $0 & 0o7777 } == 0o2775, "the output folder itself")
        #expect(mode(of: out + "/shared").map { $0 & 0o7777 } == 0o2770)
        #expect(mode(of: out + "/shared/secret.txt").map { $0 & 0o7777 } == 0o600)
        #expect(try String(contentsOfFile: out + "/shared/secret.txt", encoding: .utf8) == "the user's own file")
    }

    /// Opening a pipe for reading waits for a writer: a build that opened it would never end.
    @Test(.timeLimit(.minutes(10)))
    func aPipeInTheOutputStaysAPipe() throws {
        let project = try Project()
        #expect(try project.build().succeeded)
        #expect(mkfifo(project.out + "/pipe", 0o640) == 0)
        _ = try rebuildAfterAChange(project)
        #expect(mode(of: project.out + "/pipe").map { $0 & S_IFMT } == S_IFIFO)
        #expect(mode(of: project.out + "/pipe").map { $0 & 0o777 } == 0o640)
    }

    /// Where the output has a file of its own, something else put there is not opened nor
    /// replaced: the build stops before it writes anything.
    @Test(.timeLimit(.minutes(10)))
    func aPipeWhereTheOutputHasAFileStopsTheBuildBeforeItWrites() throws {
        let project = try Project()
        #expect(try project.build().succeeded)
        try FileManager.default.removeItem(atPath: project.out + "/screens/2.html")
        #expect(mkfifo(project.out + "/screens/2.html", 0o640) == 0)
        let before = filesUnder(project.out)
        try project.replace("It did not fall", with: "It stood", in: "project/builders.appDef")
        #expect {
            try project.build()
        } throws: { error in
            (error as? OutputError)?.message.contains("screens/2.html' is not a file") == true
        }
        #expect(mode(of: project.out + "/screens/2.html").map { $0 & S_IFMT } == S_IFIFO)
        #expect(filesUnder(project.out) == before, "nothing written")
    }

    /// A first build killed at its very start may leave the temporary file it times the output's
    /// clock with: that does not make the folder someone else's.
    @Test func aFolderHoldingOnlyALeftoverOfTheToolIsNotForeign() throws {
        let project = try Project()
        try project.folder.write("out/..sab-onboarding.sab-onboarding-new", "")
        let result = try project.build()
        #expect(result.succeeded)
        #expect(filesUnder(project.out) == (try project.freshOutput()))
        #expect(!FileManager.default.fileExists(atPath: project.out + "/..sab-onboarding.sab-onboarding-new"))
    }

    @Test func anOutputThatIsALinkKeepsItsLinkAndItsTargetGetsTheFiles() throws {
        let project = try Project()
        try FileManager.default.createDirectory(atPath: project.folder.path("real"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: project.out, withDestinationPath: "real")
        #expect(try project.build().succeeded)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: project.out) == "real")
        #expect(FileManager.default.fileExists(atPath: project.folder.path("real/index.html")))
        _ = try rebuildAfterAChange(project)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: project.out) == "real")
        #expect(filesUnder(project.folder.path("real")) == (try project.freshOutput()))
        #expect(try !project.build().rendered, "and an unchanged rebuild through the link stops after lint")
    }

    @Test func foldersAndFilesBesideTheOutputAreLeftAlone() throws {
        let project = try Project()
        try project.folder.write(".out.old-x/keep.txt", "the user's")
        try project.folder.write(".out.new-1234-abcdef12/index.html", "the user's too")
        try project.folder.write("victim.txt", "keep me")
        try FileManager.default.createSymbolicLink(
            atPath: project.folder.path(".out.new-in-progress"), withDestinationPath: project.folder.path("victim.txt"))
        #expect(try project.build().succeeded)
        _ = try rebuildAfterAChange(project)
        #expect(try !project.build().rendered)
        let beside = try FileManager.default.contentsOfDirectory(atPath: project.folder.url.path).sorted()
        #expect(beside == [".out.new-1234-abcdef12", ".out.new-in-progress", ".out.old-x", "out", "project", "victim.txt"])
        #expect(try String(contentsOfFile: project.folder.path(".out.old-x/keep.txt"), encoding: .utf8) == "the user's")
        #expect(try String(contentsOfFile: project.folder.path("victim.txt"), encoding: .utf8) == "keep me")
    }

    /// The record says what a rebuild may remove: an edited one cannot make it remove anything
    /// outside the output, nor anything that is not a file.
    @Test func aRecordListingPathsOutsideTheOutputRemovesNothingThere() throws {
        let project = try Project()
        #expect(try project.build().succeeded)
        try project.folder.write("victim.txt", "keep me")
        try project.folder.write("out/drafts/keep.txt", "mine")
        let record = project.out + "/" + OutputRecord.fileName
        let listed = try String(contentsOfFile: record, encoding: .utf8)
        let outside = ["../victim.txt", project.folder.path("victim.txt"), "screens/../../victim.txt", "./drafts/keep.txt", "drafts//keep.txt"]
        #expect(
            OutputRecord(text: listed + outside.joined(separator: "\n"), kind: .carousel) == OutputRecord(text: listed, kind: .carousel), "not read as paths")
        // A folder listed as a file, or as made by the tool while it holds the user's files.
        let misleading = ["drafts", "drafts/"]
        try (listed + (outside + misleading).joined(separator: "\n") + "\n").write(toFile: record, atomically: false, encoding: .utf8)
        _ = try rebuildAfterAChange(project)
        #expect(try String(contentsOfFile: project.folder.path("victim.txt"), encoding: .utf8) == "keep me")
        #expect(try String(contentsOfFile: project.out + "/drafts/keep.txt", encoding: .utf8) == "mine")
    }

    @Test func aFileWhoseNameIsNotUTF8IsKept() throws {
        let project = try Project()
        #expect(try project.build().succeeded)
        // "café.txt" in Latin-1: the é is one byte, 0xE9, which is not UTF-8.
        let name = Array((project.out + "/caf").utf8) + [0xE9] + Array(".txt".utf8)
        #expect(writeFile(atBytePath: name, contents: "the user's own file"))
        _ = try rebuildAfterAChange(project)
        #expect(readFile(atBytePath: name) == "the user's own file")
    }

    /// Creates a file at a path given as bytes, as the system takes it (no Unicode conversion).
    func writeFile(atBytePath path: [UInt8], contents: String) -> Bool {
        let descriptor = (path + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        }
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let bytes = Array(contents.utf8)
        return write(descriptor, bytes, bytes.count) == bytes.count
    }

    func readFile(atBytePath path: [UInt8]) -> String? {
        let descriptor = (path + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_RDONLY) }
        }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = read(descriptor, &buffer, buffer.count)
        return count < 0 ? nil : String(decoding: buffer[..<count], as: UTF8.self)
    }
}
