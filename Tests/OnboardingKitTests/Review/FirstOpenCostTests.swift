import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// What a first visit downloads to see each screen, from the sizes of the files the build wrote.
@Suite(.serialized)
struct FirstOpenCostTests {
    /// The image and width of a WebP variant's path: `images/<name>-<width>-<hash>.webp`.
    private static func webpVariant(_ path: String) -> (stem: String, width: Int)? {
        guard let match = path.firstMatch(of: /^(images\/.+)-([0-9]+)-[0-9a-f]{10}\.webp$/), let width = Int(match.output.2) else { return nil }
        return (String(match.output.1), width)
    }

    /// Lighthouse's mobile network: 150 ms a round trip, 1638.4 × 1024 bits a second.
    private func expectedMilliseconds(bytes: Int, chains: Int) -> Int {
        chains * 150 + Int((Double(bytes) * 8 / (1638.4 * 1024) * 1000).rounded(.up))
    }

    @Test func theModelIsRoundTripsPlusBytesOverTheThroughput() {
        #expect(FirstOpenModel.milliseconds(bytes: 0, requestChains: 2) == 300)
        // 209,715.2 bytes a second: 209,715 bytes take just under a second, rounded up to 1000 ms.
        #expect(FirstOpenModel.milliseconds(bytes: 209_715, requestChains: 2) == 1300)
        #expect(FirstOpenModel.milliseconds(bytes: 1_000_000, requestChains: 3) == expectedMilliseconds(bytes: 1_000_000, chains: 3))
        #expect(FirstOpenModel.imageSlotPixels == 624)
    }

    @Test func eachScreenCountsThePageItsImageAsPublishedAndNoFonts() throws {
        let appDef = Fixtures.samplesRoot.appendingPathComponent("builders/builders.appDef")
        let review = ReviewBuilder().review(appDefBytes: Array(try Data(contentsOf: appDef)), appDefPath: appDef.path)
        let files = try #require(review.carouselFiles)
        let page = ["index.html", "onboarding.css", "onboarding.js"].map { files[$0]!.count }.reduce(0, +)
        var images: [String] = []
        for screen in review.report.screens {
            let cost = try #require(screen.firstOpen.first?.cost)
            #expect(screen.firstOpen.map(\.language.code) == review.report.languages.map(\.code))
            #expect(cost.pageBytes == page)
            guard let image = cost.imageFiles.first else {
                #expect(cost.imageBytes == 0 && screen.number == 4, "the builders' fourth screen alone has no image")
                continue
            }
            #expect(cost.imageFiles.count == 1)
            #expect(cost.imageBytes == files[image]?.count, "the size of the file as written")
            // The variant a 360-pixel phone at 2x takes: the narrowest WebP at least 624 wide, else the widest.
            let chosen = try #require(Self.webpVariant(image))
            let widths = files.keys.compactMap(Self.webpVariant).filter { $0.stem == chosen.stem }.map(\.width)
            #expect(widths.count > 1)
            #expect(chosen.width == (widths.filter { $0 >= 624 }.min() ?? widths.max()), "\(image) among \(widths)")
            #expect(cost.fontBytes == 0 && cost.requestChains == 2)
            #expect(cost.totalBytes == page + cost.imageBytes)
            #expect(cost.milliseconds == expectedMilliseconds(bytes: cost.totalBytes, chains: 2))
            if !images.contains(image) { images.append(image) }
        }
        #expect(images.count == 3)
        let whole = try #require(review.report.firstOpen)
        #expect(whole.imageFiles == images, "each screen's image, each once")
        #expect(whole.totalBytes == page + images.map { files[$0]!.count }.reduce(0, +))
        #expect(review.summary.firstOpenBytes == whole.totalBytes)
    }

    /// A language's web fonts count, and so do the default language's where a text of the
    /// screen falls back to the default text.
    @Test func theFontsOfTheLanguageAndOfTheDefaultTextCount() throws {
        let appDef = FontBuildTests.appDef.replacing(
            "</title>\n  </onboarding-screen>",
            with: "</title>\n    <title type=\"bottom-title\"><t>Read</t><t lang=\"ar\">اقرأ</t></title>\n  </onboarding-screen>")
        #expect(appDef != FontBuildTests.appDef)
        let reviewed = try ReviewedAppDef(appDef, fonts: ["fonts/CharisSIL-R.ttf": DebianFonts.charis, "fonts/CharisSIL-B.ttf": DebianFonts.charisBold])
        let files = try #require(reviewed.review.carouselFiles)
        let costs = Dictionary(uniqueKeysWithValues: reviewed.screen(1).firstOpen.map { ($0.language.code, $0.cost) })
        let english = try #require(costs["en"])
        #expect(english.fontFiles.count == 2 && english.fontFiles.allSatisfy { $0.hasPrefix("fonts/CharisSIL-") && $0.hasSuffix(".woff2") })
        // What the build published (subset WOFF2), not the sources.
        #expect(english.fontBytes == english.fontFiles.map { files[$0]!.count }.reduce(0, +))
        let source = try DebianFonts.charis.bytes()
        #expect(english.fontBytes > 0 && english.fontBytes * 10 < source.count)
        #expect(english.requestChains == 3)
        #expect(english.milliseconds == expectedMilliseconds(bytes: english.totalBytes, chains: 3))
        // Arabic's own font is missing; both its texts are translated: no font.
        #expect(costs["ar"]?.fontBytes == 0 && costs["ar"]?.requestChains == 2)
        // French uses the system font, but its bottom title shows the English default text.
        #expect(reviewed.screen(1).missingTranslations.map(\.language) == ["fr"])
        #expect(costs["fr"]?.fontFiles == english.fontFiles)
    }

    @Test func aReviewOfAnAppDefWithErrorsHasNoCostsAndNoCarousel() throws {
        let reviewed = try ReviewedAppDef(DiagnosticPlacementTests.appDef.replacing("<sparkle/>", with: "<title><translation>No type</translation></title>"))
        #expect(reviewed.review.diagnostics.contains { $0.severity == .error })
        #expect(reviewed.review.carouselFiles == nil)
        #expect(!reviewed.report.built && reviewed.report.firstOpen == nil)
        #expect(reviewed.report.screens.allSatisfy { $0.firstOpen.isEmpty })
        #expect(reviewed.report.screens[1].diagnostics.contains { $0.ruleID == "missing-attribute" }, "the error beside its screen")
        #expect(reviewed.report.screens.allSatisfy { $0.contrast.count == 6 }, "the colours come from the appDef itself")
        #expect(reviewed.review.pageFiles.keys.sorted() == ["review.css", "review.html", "review.js"])
    }
}
