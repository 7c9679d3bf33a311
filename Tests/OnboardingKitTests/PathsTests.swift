import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// The tool's paths are those Foundation's URL gave before the tool stopped linking it: output
/// folders are named in messages, locked and cached by them.
struct PathsTests {
    @Test func joinsWithOneSlash() {
        #expect(Paths.join("/a", "b") == "/a/b")
        #expect(Paths.join("/a/", "b") == "/a/b")
        #expect(Paths.join("/", "b") == "/b")
        #expect(Paths.join("a", "b/c") == "a/b/c")
    }

    @Test func parentAndLastComponent() {
        #expect(Paths.parent(of: "/tmp/out") == "/tmp")
        #expect(Paths.parent(of: "/tmp/out/") == "/tmp")
        #expect(Paths.parent(of: "/out") == "/")
        #expect(Paths.parent(of: "/") == "/")
        #expect(Paths.parent(of: "out") == ".")
        #expect(Paths.lastComponent(of: "/tmp/out/") == "out")
        #expect(Paths.lastComponent(of: "/") == "/")
        #expect(Paths.lastComponent(of: "out") == "out")
    }

    /// Compared with Foundation, on paths through a link, absolute and relative (the current
    /// folder is not changed: tests run side by side).
    @Test func standardizedAndResolvedAsFoundationDid() throws {
        let folder = TemporaryFolder()
        try folder.write("real/sub/file.txt", "f")
        try folder.link("link", to: "real/sub")
        let base = folder.path("")
        // The temporary folder reached from the current one by a relative path.
        let current = FileManager.default.currentDirectoryPath
        let relativeBase = String(repeating: "../", count: current.split(separator: "/").count) + base.dropFirst()
        let names = [
            "", "/link", "/link/", "/link/..", "/link/../x", "/link/./file.txt", "/link/missing/../x", "/real/sub/../../link/file.txt",
            "//link/../out/", "/missing/../y", "/link/file.txt/..",
        ]
        let paths =
            names.map { base + $0 } + names.map { relativeBase + $0 } + [
                "out", "./out", "out/", "out//", "a/../b", "../x", "x/~", ".", "..", "/", "//", "/..", "/../x",
            ]
        for path in paths {
            let url = URL(fileURLWithPath: path)
            #expect(Paths.standardized(path) == url.standardizedFileURL.path, "standardized \(path)")
            #expect(Paths.resolvingLinks(path) == url.resolvingSymlinksInPath().path, "resolved \(path)")
            // Where Foundation kept an empty name of a relative path (`a//b`), it is dropped: the same file.
            let sameFile = { (path: String) in path.replacingOccurrences(of: "//", with: "/") }
            #expect(sameFile(Paths.absolute(path)) == sameFile(url.path), "absolute \(path)")
            let target = url.standardizedFileURL
            #expect(Paths.parent(of: Paths.standardized(path)) == target.deletingLastPathComponent().path, "parent of \(path)")
            #expect(Paths.lastComponent(of: Paths.standardized(path)) == target.lastPathComponent, "last of \(path)")
        }
        #expect(Paths.currentDirectory == current)
    }

    @Test func aLinkOutOfTheFolderDoesNotLeadInside() throws {
        let folder = TemporaryFolder()
        try folder.write("images/a.png", "a")
        try folder.write("secret.png", "s")
        try folder.link("images/out.png", to: "secret.png")
        try folder.link("images2", to: "images")
        #expect(Paths.leadsInside(folder.path("images/a.png"), folder: folder.path("images")))
        #expect(Paths.leadsInside(folder.path("images2/a.png"), folder: folder.path("images")))
        #expect(!Paths.leadsInside(folder.path("images/out.png"), folder: folder.path("images")))
        #expect(!Paths.leadsInside(folder.path("images2/a.png"), folder: folder.path("image")), "a name that starts the same is another folder")
    }
}
