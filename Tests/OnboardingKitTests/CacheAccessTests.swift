import Foundation
import Testing

@testable import AppDefModel
@testable import Generation

/// The caches and the cache key are never in the output folder, however the two are named.
struct CacheAccessTests {
    /// A cache folder named through a link to the output is in the output, and so is one in a
    /// linked output; folders beside each other are not.
    @Test func aLinkDoesNotHideThatTheCacheIsInTheOutput() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path("site"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path("out"), withDestinationPath: folder.path("site"))
        #expect(CacheAccess.overlap(folder.path("out/.cache/sab-onboarding"), folder.path("site")))
        #expect(CacheAccess.overlap(folder.path("site/.cache/sab-onboarding"), folder.path("out")))
        #expect(CacheAccess.overlap(folder.path("out"), folder.path("site/deeper/not-made-yet")))
        #expect(!CacheAccess.overlap(folder.path("cache/sab-onboarding"), folder.path("site")))
        #expect(!CacheAccess.overlap(folder.path("site-2"), folder.path("site")))
    }

    /// The refusal is a note the review page shows: it does not name the output folder, whose
    /// absolute path would name the user's folders.
    @Test func theRefusalNamesNoFolder() throws {
        let cache = try #require(OutputCache.folderPath)
        let output = Paths.parent(of: cache)
        let refusal = try #require(CacheAccess.refusal(for: output), "the cache folder is in \(output)")
        #expect(!refusal.contains(output))
    }
}
