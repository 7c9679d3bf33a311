import Foundation
import ImageProcessing
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// While an image loads on a slow network, its box shows the image's average colour, made at
/// build time, not a blank: a few bytes per image in the style sheet (the pages' policy allows
/// no inline style), and in the script's data for another language's image.
struct ImagePlaceholderTests {
    /// Made with Python's zlib: 64×48 PNGs, opaque (200, 150, 100) and (40, 90, 160), and
    /// (200, 150, 100) at half opacity.
    static let warmPNG =
        "iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAAQ0lEQVR42u3PQQkAAAgEsAtrJjMZywp+hcEKLNP1WgQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQErhZyuxk86jjeZgAAAABJRU5ErkJggg=="
    static let bluePNG =
        "iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAAQ0lEQVR42u3PQQkAAAgEsItjJtMZ1Qp+hcEKLNXzWgQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQErhYuIZjEKKB4cwAAAABJRU5ErkJggg=="
    static let translucentPNG =
        "iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAYAAAChS3wfAAAAVElEQVR42u3QMQEAAAQAMGEFkUImsfRgxwosprM+CwECBAgQIECAAAECBAgQIECAAAECBAgQIECAAAECBAgQIECAAAECBAgQIECAAAECBAgQIOCeBe6aGZbob0sHAAAAAElFTkSuQmCC"

    static func appDef(_ images: [(language: String, file: String)]) -> String {
        let blocks = images.map { "<onboarding-screen-image lang=\"\($0.language)\"><image>C:\\Pictures\\\($0.file)</image></onboarding-screen-image>" }
        return """
            <?xml version="1.0" encoding="utf-8"?>
            <app-definition type="SAB">
              <translation-mappings default-lang="en"/>
              <onboarding-screens><onboarding-screen>
                <title type="top-title"><translation>Welcome</translation><translation lang="fr">Bienvenue</translation></title>
                \(blocks.joined())
              </onboarding-screen></onboarding-screens>
            </app-definition>
            """
    }

    struct Output {
        let folder = TemporaryFolder()

        init(_ appDef: String, images: [String: String], keepOriginals: Bool = false) throws {
            try folder.write("app.appDef", appDef)
            for (name, base64) in images { try folder.write("images/onboarding/\(name)", try #require(Data(base64Encoded: base64))) }
            var options = BuildOptions(outputDirectory: folder.path("out"))
            options.keepsOriginalImages = keepOriginals
            let result = try OnboardingBuilder(options: options).build(appDefPath: folder.path("app.appDef"))
            #expect(result.succeeded, "\(result.diagnostics.map(\.message))")
        }

        func text(_ path: String) throws -> String {
            try String(contentsOfFile: folder.path("out/\(path)"), encoding: .utf8)
        }

        /// The placeholder colour the style sheet gives screen 1, if any.
        func placeholder() throws -> String? {
            let css = try text("onboarding.css")
            let start = try #require(css.range(of: "[data-screen=\"1\"]{")).upperBound
            let block = css[start..<(try #require(css.range(of: "}", range: start..<css.endIndex)).lowerBound)]
            return block.firstMatch(of: /--onboarding-image-placeholder:(#[0-9a-f]{6})/).map { String($0.output.1) }
        }

        /// The published JPEG fallback of the image whose name starts with `stem`.
        func fallback(_ stem: String) throws -> [UInt8] {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path("out/images"))
            let name = try #require(names.first { $0.hasPrefix(stem + "-") && $0.hasSuffix(".jpg") })
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.path("out/images/\(name)"))))
        }
    }

    private static func css(_ color: ImageProcessor.Color) -> String {
        HexColor(red: color.red, green: color.green, blue: color.blue).css
    }

    @Test func anOpaqueImageShowsItsAverageColourUntilItArrives() throws {
        let output = try Output(Self.appDef([("default", "warm.png")]), images: ["warm.png": Self.warmPNG])
        let placeholder = try #require(try output.placeholder())
        // The colour of the picture as published, near the source's.
        #expect(placeholder == Self.css(try ImageProcessor.averageColor(of: output.fallback("warm"))))
        let color = try #require(HexColor(appDefValue: placeholder))
        #expect(abs(Int(color.red) - 200) <= 8 && abs(Int(color.green) - 150) <= 8 && abs(Int(color.blue) - 100) <= 8, "\(placeholder)")
        // Painted behind the image while it loads; the script marks it loaded.
        let css = try output.text("onboarding.css")
        let rule = ".onboarding-js .onboarding-image-block img:not(.onboarding-image-loaded){background-color:var(--onboarding-image-placeholder,transparent)}"
        #expect(css.contains(rule))
        #expect(try output.text("onboarding.js").contains("onboarding-image-loaded"))
        // No inline style: the pages' policy allows none.
        #expect(try !output.text("index.html").contains("style="))
        #expect(try !output.text("screens/1.html").contains("style="))
    }

    @Test func anImageWithTransparencyHasNone() throws {
        let output = try Output(Self.appDef([("default", "logo.png")]), images: ["logo.png": Self.translucentPNG])
        #expect(try output.placeholder() == nil)
    }

    @Test func anImagePublishedAsItIsHasNone() throws {
        let output = try Output(Self.appDef([("default", "warm.png")]), images: ["warm.png": Self.warmPNG], keepOriginals: true)
        #expect(try output.placeholder() == nil)
    }

    /// Another language's image, which the script puts in place, brings its own colour.
    @Test func anotherLanguagesImageCarriesItsColourInTheScriptsData() throws {
        let output = try Output(
            Self.appDef([("default", "warm.png"), ("fr", "blue.png")]), images: ["warm.png": Self.warmPNG, "blue.png": Self.bluePNG])
        let page = try output.text("index.html")
        let expected = Self.css(try ImageProcessor.averageColor(of: output.fallback("blue")))
        #expect(page.contains("\"placeholder\":\"\(expected)\""))
        let manifest = try output.text("onboarding.json")
        #expect(!manifest.contains("placeholder"), "the manifest is the PWA's: unchanged")
    }
}
