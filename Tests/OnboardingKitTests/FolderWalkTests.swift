import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// The folder walk lists everything under a folder, and links as links: it never follows one out
/// of the folder or round in a circle.
struct FolderWalkTests {
    @Test func everyEntryAtEveryDepthSortedWithItsKind() throws {
        let folder = TemporaryFolder()
        try folder.write("out/b.txt", "b")
        try folder.write("out/a/deep/c.txt", "c")
        try folder.write("out/.hidden", "h")
        let entries = FolderWalk.entries(under: folder.path("out"))
        #expect(entries.map(\.path) == [".hidden", "a", "a/deep", "a/deep/c.txt", "b.txt"])
        #expect(entries.map(\.kind) == [.regularFile, .folder, .folder, .regularFile, .regularFile])
    }

    @Test func linksAreListedAndNotFollowed() throws {
        let folder = TemporaryFolder()
        try folder.write("outside/secret.txt", "s")
        try folder.write("out/file.txt", "f")
        try folder.link("out/to-outside", to: "outside")
        try folder.link("out/loop", to: "out")
        let entries = FolderWalk.entries(under: folder.path("out"))
        #expect(
            entries == [
                FolderWalk.Entry(path: "file.txt", kind: .regularFile),
                FolderWalk.Entry(path: "loop", kind: .symbolicLink),
                FolderWalk.Entry(path: "to-outside", kind: .symbolicLink),
            ])
        #expect(FolderWalk.kind(of: folder.path("out/to-outside"), followingLinks: true) == .folder)
        #expect(FolderWalk.kind(of: folder.path("out/nothing")) == nil)
    }

    @Test func aMissingFolderHasNoEntries() {
        #expect(FolderWalk.entries(under: "/no/such/folder").isEmpty)
    }
}
