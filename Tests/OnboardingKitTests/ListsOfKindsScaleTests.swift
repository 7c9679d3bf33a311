import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// What is left out of an SVG, and what an image holds besides its pixels, are lists of kinds,
/// each once: a file can name a million of them, and a search of the list for each one was
/// quadratic (an SVG of 1000 elements of 1000 unknown attributes took 48 s to lint). The time
/// limit is against such a hang; each of these takes seconds.
@Suite(.timeLimit(.minutes(10)))
struct ListsOfKindsScaleTests {
    /// 300 elements of 999 attributes each, from 9900 names: 300,000 to note, 9900 kinds.
    @Test func anSVGNamingThousandsOfUnknownAttributesIsReadInLinearTime() throws {
        let names = 9900
        var svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">"#
        for element in 0..<300 {
            svg += "<rect"
            for attribute in 0..<999 { svg += " a\((element * 999 + attribute) % names)=\"1\"" }
            svg += "/>"
        }
        svg += "</svg>"
        guard case .published(let sanitized) = SVGSanitizer.sanitize(Array(svg.utf8), documentName: "many.svg") else {
            throw SVGTestFailure(description: "refused")
        }
        #expect(sanitized.removed == (0..<names).map { "the a\($0) attribute" })
    }

    /// A PNG of 50,000 chunks, each of a type of its own.
    @Test func aPNGOfThousandsOfChunkTypesIsWalkedInLinearTime() {
        let png = ImageCompletenessTests.png
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)
        func type(_ number: Int) -> [UInt8] { (0..<4).map { letters[number / [140_608, 2704, 52, 1][$0] % 52] } }
        var chunks: [UInt8] = []
        // From qAAA on: ancillary chunks (a lowercase first letter), none of those that draw a PNG.
        let count = 50_000
        for number in 0..<count { chunks += [0, 0, 0, 0] + type(number + 42 * 140_608) + [0, 0, 0, 0] }
        // After the header (8 bytes) and IHDR (25), before the rest.
        let bytes = Array(png.prefix(33)) + chunks + Array(png.dropFirst(33))
        let structure = ImageStructure.read(bytes, format: .png)
        #expect(structure?.end == bytes.count)
        #expect(structure?.extras.count == count)
        #expect(structure?.extras.first == "a '\(String(decoding: type(42 * 140_608), as: UTF8.self))' chunk")
    }
}
