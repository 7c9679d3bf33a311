import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// The review's folder: the page at the top, its own carousel in `onboarding/`, written as a
/// build's output is, and never mixed with a build's.
@Suite(.serialized)
struct ReviewFolderTests {
    let appDef = Fixtures.samplesRoot.appendingPathComponent("multilingual/multilingual.appDef")

    private func review() throws -> ReviewBuilder.Review {
        ReviewBuilder().review(appDefBytes: Array(try Data(contentsOf: appDef)), appDefPath: appDef.path)
    }

    @Test func thePageAndItsCarouselAreWrittenAndTheCarouselIsTheBuilds() throws {
        let folder = TemporaryFolder()
        let written = try ReviewBuilder.write(try review(), to: folder.path("review"), force: false)
        #expect(written.contains("review.html") && written.contains("onboarding/index.html"))
        let files = filesUnder(folder.path("review"))
        #expect(files["review.html"] != nil && files["review.css"] != nil && files["review.js"] != nil)
        // The carousel the page frames is byte for byte what `build` publishes.
        _ = try OnboardingBuilder(options: BuildOptions(outputDirectory: folder.path("build"))).build(appDefPath: appDef.path)
        let built = filesUnder(folder.path("build")).filter { $0.key != ".sab-onboarding" }
        let carousel = files.filter { $0.key.hasPrefix("onboarding/") }
        #expect(Dictionary(uniqueKeysWithValues: carousel.map { (String($0.key.dropFirst("onboarding/".count)), $0.value) }) == built)
        #expect(!built.keys.contains { $0.hasPrefix("review") }, "build writes nothing of the review")
        // Again: a review folder is the review's to rewrite.
        #expect(try ReviewBuilder.write(try review(), to: folder.path("review"), force: false) == written)
    }

    @Test func aBuildsFolderIsRefusedWithoutForce() throws {
        let folder = TemporaryFolder()
        _ = try OnboardingBuilder(options: BuildOptions(outputDirectory: folder.path("site"))).build(appDefPath: appDef.path)
        let before = filesUnder(folder.path("site"))
        let review = try review()
        do {
            try ReviewBuilder.write(review, to: folder.path("site"), force: false)
            Issue.record("a build's folder was written into")
        } catch {
            #expect(error.message.contains("holds another output of sab-onboarding"), "\(error.message)")
        }
        #expect(filesUnder(folder.path("site")) == before, "nothing was written")
        try ReviewBuilder.write(review, to: folder.path("site"), force: true)
        #expect(filesUnder(folder.path("site"))["review.html"] != nil)
    }

    @Test func aFolderOfOtherFilesIsRefusedWithoutForceAndItsFilesAreKept() throws {
        let folder = TemporaryFolder()
        try folder.write("mine/notes.txt", "keep me")
        #expect(throws: OutputError.self) { try ReviewBuilder.write(try review(), to: folder.path("mine"), force: false) }
        #expect(filesUnder(folder.path("mine")).keys.sorted() == ["notes.txt"])
        try ReviewBuilder.write(try review(), to: folder.path("mine"), force: true)
        #expect(filesUnder(folder.path("mine"))["notes.txt"] == Data("keep me".utf8))
    }

    /// An appDef with errors: the page alone, which shows them; the carousel of the previous
    /// review goes, as the page no longer frames it.
    @Test func aReviewWithErrorsWritesThePageAlone() throws {
        let folder = TemporaryFolder()
        try ReviewBuilder.write(try review(), to: folder.path("review"), force: false)
        #expect(filesUnder(folder.path("review"))["onboarding/index.html"] != nil)
        let broken = try ReviewedAppDef(DiagnosticPlacementTests.appDef.replacing("<sparkle/>", with: "<title><translation>No type</translation></title>"))
        let written = try ReviewBuilder.write(broken.review, to: folder.path("review"), force: false)
        #expect(written.sorted() == ["review.css", "review.html", "review.js"])
        #expect(filesUnder(folder.path("review")).keys.filter { !$0.hasPrefix(".") }.sorted() == ["review.css", "review.html", "review.js"])
    }
}
