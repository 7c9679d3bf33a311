import Foundation
import Testing

@testable import OnboardingKit

/// Reading, listing and removing with the system's calls as FileManager did, and no further:
/// a pipe is not waited for, a link is never followed out of what is removed.
struct FileCallsTests {
    @Test func readsRegularFilesWholeAndNothingElse() throws {
        let folder = TemporaryFolder()
        let big = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try folder.write("big.bin", Data(big))
        try folder.write("empty.txt", "")
        #expect(RegularFile.bytes(at: folder.path("big.bin")) == big)
        #expect(RegularFile.bytes(at: folder.path("empty.txt")) == [])
        #expect(RegularFile.bytes(at: folder.path("missing")) == nil)
        #expect(RegularFile.bytes(at: folder.path("")) == nil, "a folder")
        #expect(mkfifo(folder.path("pipe"), 0o600) == 0)
        #expect(RegularFile.bytes(at: folder.path("pipe")) == nil, "a pipe is refused at once")
        #expect(RegularFile.bytes(at: "/dev/null") == nil)
    }

    @Test func listsNamesOrFailsWithTheReason() throws {
        let folder = TemporaryFolder()
        try folder.write("a.txt", "a")
        try folder.write("sub/b.txt", "b")
        #expect(try FolderWalk.names(in: folder.path("")).sorted() == ["a.txt", "sub"])
        #expect(throws: FileSystemCalls.Failure.self) { try FolderWalk.names(in: folder.path("missing")) }
        #expect(throws: FileSystemCalls.Failure.self) { try FolderWalk.names(in: folder.path("a.txt")) }
    }

    @Test func removesATreeWithoutFollowingItsLinks() throws {
        let folder = TemporaryFolder()
        try folder.write("kept/precious.txt", "p")
        try folder.write("tree/a/b/c.txt", "c")
        try folder.write("tree/d.txt", "d")
        try FileManager.default.createDirectory(atPath: folder.path("tree/empty"), withIntermediateDirectories: true)
        try folder.link("tree/to-kept", to: "kept")
        try folder.link("tree/a/to-file", to: "kept/precious.txt")
        try FileSystemCalls.removeTree(folder.path("tree"))
        #expect(FolderWalk.kind(of: folder.path("tree")) == nil)
        #expect(RegularFile.bytes(at: folder.path("kept/precious.txt")) == Array("p".utf8))

        try folder.link("link", to: "kept")
        try FileSystemCalls.removeTree(folder.path("link"))
        #expect(FolderWalk.kind(of: folder.path("link")) == nil, "a link is removed itself")
        #expect(RegularFile.bytes(at: folder.path("kept/precious.txt")) == Array("p".utf8), "and not what it leads to")
        #expect(throws: FileSystemCalls.Failure.self) { try FileSystemCalls.removeTree(folder.path("missing")) }
    }

    @Test func textIsReadAsFoundationReadUTF8() {
        let cases: [[UInt8]] = [
            [0xEF, 0xBB, 0xBF, 0x41], [0x41, 0, 0x42], [0x41, 0xC0, 0x80], [0x41, 0xED, 0xA0, 0x80], [0x41, 0xEF, 0xBB, 0xBF],
            [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF], [], [0xEF, 0xBB, 0xBF], [0xEF, 0xBB], [0xF4, 0x90, 0x80, 0x80], [0xC3, 0xA9], [0xFF],
        ]
        for bytes in cases {
            #expect(String(utf8Text: bytes) == String(bytes: bytes, encoding: .utf8), "\(bytes)")
        }
    }
}
