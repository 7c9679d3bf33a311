import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// The review page as rendered: a frame per screen and theme, the carousel's own query and hash,
/// a policy that allows framing the carousel, and the appDef's text escaped.
struct ReviewPageTests {
    private func page(_ review: ReviewBuilder.Review) throws -> String {
        String(decoding: try #require(review.pageFiles["review.html"]), as: UTF8.self)
    }

    @Test func eachScreenHasAFrameInEachThemeShowingItInTheDefaultLanguage() throws {
        let reviewed = try ReviewedAppDef(MissingTranslationTests.appDef)
        let html = try page(reviewed.review)
        let sources = html.matches(of: /<iframe src="([^"]*)"/).map { String($0.output.1) }
        #expect(
            sources
                == ["normal", "sage", "rose", "sepia", "charcoal", "dark"].map { "onboarding/index.html?replay&amp;theme=\($0)&amp;lang=en#onboarding-slide-1" }
        )
        #expect(html.matches(of: /loading="lazy"/).count == 6, "no frame loads before it is near the view")
        #expect(html.contains(#"title="Screen 1, Charcoal theme""#))
        #expect(html.contains(#"<option value="ar" data-dir="rtl">ar</option>"#))
        #expect(html.contains(#"<option value="en" data-dir="ltr" selected>en (default)</option>"#))
        #expect(html.contains("frame-src &#39;self&#39;"))
        #expect(!html.contains("frame-ancestors"))
        #expect(html.contains(#"data-missing-lang="ar""#))
    }

    @Test func aLanguageCodeInTheFramesAddressIsEncodedAsTheScriptEncodesIt() {
        #expect(ReviewPageContext.uriComponent("es-MX") == "es-MX")
        #expect(ReviewPageContext.uriComponent("a&b=c#d é") == "a%26b%3Dc%23d%20%C3%A9")
        #expect(
            ReviewPageContext.carouselAddress(base: "../onboarding/", screen: 3, theme: .dark, language: "fr")
                == "../onboarding/index.html?replay&theme=dark&lang=fr#onboarding-slide-3")
        #expect(
            ReviewPageContext.carouselAddress(base: "onboarding/", screen: 1, theme: .normal, language: nil)
                == "onboarding/index.html?replay&theme=normal#onboarding-slide-1")
    }

    @Test func anAppDefWithErrorsGetsAPageWithoutFramesThatSaysWhy() throws {
        let reviewed = try ReviewedAppDef(DiagnosticPlacementTests.appDef.replacing("<sparkle/>", with: "<title><translation>No type</translation></title>"))
        let html = try page(reviewed.review)
        #expect(!html.contains("<iframe"))
        #expect(html.contains("The carousel was not built"))
        #expect(html.contains("[missing-attribute]"))
    }

    /// The appDef's text reaches the page escaped, with its bidi and control characters shown.
    @Test func theAppDefsTextIsEscaped() throws {
        let hostile = MissingTranslationTests.appDef.replacing(
            "<translation-mappings", with: "<app-name>&lt;script&gt;x&lt;/script&gt; \u{202E}evil</app-name>\n  <translation-mappings"
        )
        .replacing(">Welcome<", with: ">&lt;img src=x onerror=alert(1)&gt;<")
        let html = try page(try ReviewedAppDef(hostile).review)
        #expect(!html.contains("<script>x") && !html.contains("<img src=x"))
        #expect(html.contains("&lt;script&gt;x&lt;/script&gt; &lt;U+202E&gt;evil"), "the bidi control shown as its code")
        #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;"))
        #expect(!html.contains("\u{202E}"))
    }

    /// The page is shared: a diagnostic's text names the folders of the run's inputs from the
    /// appDef's folder down, or by their own name, never by the folders above them.
    @Test func messagesAndNotesNameNoFolderAboveTheProject() throws {
        let withImage = MissingTranslationTests.appDef.replacing(
            "</title>\n  </onboarding-screen>",
            with: "</title>\n    <onboarding-screen-image lang=\"default\"><image>Missing.png</image></onboarding-screen-image>\n  </onboarding-screen>")
        #expect(withImage != MissingTranslationTests.appDef, "the image was added")

        let beside = try ReviewedAppDef(withImage)
        let html = try page(beside.review)
        #expect(html.contains("looked for images/onboarding/Missing.png"), "the note names the file from the appDef's folder")
        #expect(!html.contains(beside.folder.url.path), "no folder above the project")

        let pictures = TemporaryFolder()
        let elsewhere = try ReviewedAppDef(withImage, options: BuildOptions(imagesDirectory: pictures.url.path))
        let elsewhereHTML = try page(elsewhere.review)
        #expect(elsewhereHTML.contains("looked for \(pictures.url.lastPathComponent)/Missing.png"), "an images folder elsewhere by its name")
        #expect(!elsewhereHTML.contains(pictures.url.deletingLastPathComponent().path + "/"), "not by the folders above it")
        #expect(!elsewhereHTML.contains(elsewhere.folder.url.path))
    }

    /// A library's message names a file by the absolute path the tool opened it by, though the
    /// appDef and its folders were given relative: the page names it from the appDef's folder.
    @Test func anAbsolutePathOfARelativeInputIsNamedFromTheAppDefsFolder() throws {
        var report = try ReviewedAppDef(MissingTranslationTests.appDef).report
        report.appDefPath = "project/app.appDef"
        report.inputFolders = ["project/images/onboarding", "project/fonts", "../templates"]
        let context = ReviewPageContext(report: report, carouselPath: "onboarding/")
        let current = FileManager.default.currentDirectoryPath
        let parent = URL(fileURLWithPath: current).deletingLastPathComponent().path
        #expect(
            context.shownText("VipsForeignLoad: file \"\(current)/project/images/onboarding/photo.png\" does not exist")
                == "VipsForeignLoad: file \"images/onboarding/photo.png\" does not exist")
        #expect(context.shownText("in \(parent)/templates/index.html.mustache") == "in templates/index.html.mustache")
    }

    @Test func theStyleAndScriptAreTheOnesThePageLoads() throws {
        let review = try ReviewedAppDef(MissingTranslationTests.appDef).review
        let html = try page(review)
        #expect(html.contains(#"<link rel="stylesheet" href="review.css">"#) && html.contains(#"<script src="review.js" defer></script>"#))
        let script = String(decoding: try #require(review.pageFiles["review.js"]), as: UTF8.self)
        #expect(script.contains("\"index.html?replay&theme=\""), "the script writes the addresses as the page does")
        #expect(script.contains("text-size"))
    }
}
