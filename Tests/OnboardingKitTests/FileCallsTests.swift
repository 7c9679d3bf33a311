import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// Reading, listing and removing with the system's calls as FileManager did, and no further:
/// a pipe is not waited for, a name is kept as its bytes, and below an open folder a link is
/// never followed.
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
        #expect(try FolderWalk.names(in: folder.path("")).map(\.string).sorted() == ["a.txt", "sub"])
        #expect(throws: FileSystemCalls.Failure.self) { try FolderWalk.names(in: folder.path("missing")) }
        #expect(throws: FileSystemCalls.Failure.self) { try FolderWalk.names(in: folder.path("a.txt")) }
    }

    @Test func namesThatAreNotUTF8AreListedAsTheirBytes() throws {
        let folder = TemporaryFolder()
        try folder.write("sub/a.txt", "a")
        let name: [UInt8] = [0x63, 0x61, 0x66, 0xE9]  // "café" in Latin-1
        let path = Array((folder.path("sub") + "/").utf8) + name + [0]
        let descriptor = path.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) } }
        #expect(descriptor >= 0)
        close(descriptor)
        let listed = try FolderWalk.names(in: folder.path("sub")).map {
            $0.withPlatformString { Array(UnsafeBufferPointer(start: $0, count: strlen($0))).map { UInt8(bitPattern: $0) } }
        }
        #expect(listed.sorted { $0.lexicographicallyPrecedes($1) } == [Array("a.txt".utf8), name])
    }

    @Test func anOpenFolderNeverGoesThroughALink() throws {
        let folder = TemporaryFolder()
        try folder.write("kept/precious.txt", "p")
        try folder.write("tree/file.txt", "f")
        try folder.link("tree/to-kept", to: "kept")
        try folder.link("tree/to-file", to: "kept/precious.txt")
        let tree = try OpenFolder.open(folder.path("tree"))
        #expect(throws: FileSystemCalls.Failure.self) { try tree.subfolder("to-kept") }
        #expect(throws: FileSystemCalls.Failure.self) { try tree.createFile("to-file", contents: Array("overwritten".utf8)) }
        #expect(tree.bytes(of: "to-file") == nil, "a link is not read through")
        #expect(tree.bytes(of: "file.txt") == Array("f".utf8))
        try tree.removeFile("to-file")
        try tree.removeFile("to-kept")
        #expect(FolderWalk.kind(of: folder.path("tree/to-kept")) == nil, "a link is removed itself")
        #expect(RegularFile.bytes(at: folder.path("kept/precious.txt")) == Array("p".utf8), "and not what it leads to")
        #expect(throws: FileSystemCalls.Failure.self) { try tree.removeEmptyFolder("missing") }
        #expect(try tree.names(upTo: 5).map(\.string) == ["file.txt"])
        try tree.removeFile("file.txt")
        #expect(try tree.names(upTo: 5).isEmpty)
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
