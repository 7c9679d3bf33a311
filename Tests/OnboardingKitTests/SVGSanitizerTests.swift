import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// An SVG is published as the build rebuilds it: only drawing, text and styles, never anything
/// that runs or loads something.
struct SVGSanitizerTests {
    private func published(_ svg: String) throws -> (text: String, removed: [String]) {
        guard case .published(let sanitized) = SVGSanitizer.sanitize(Array(svg.utf8), documentName: "test.svg") else {
            throw SVGTestFailure(description: "refused: \(svg)")
        }
        return (String(decoding: sanitized.bytes, as: UTF8.self), sanitized.removed)
    }

    private static let open = #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10">"#

    @Test(
        arguments: [
            (#"<script>alert(1)</script>"#, "<script>", "alert"),
            (#"<script><![CDATA[ alert(1) ]]></script>"#, "<script>", "alert"),
            (#"<rect width="1" height="1" onclick="alert(1)"/>"#, "the onclick attribute", "alert"),
            (#"<foreignObject><div xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></div></foreignObject>"#, "<foreignObject>", "alert"),
            (#"<a href="javascript:alert(1)"><rect width="1" height="1"/></a>"#, "<a> links (their content is kept)", "javascript"),
            (##"<use href="other.svg#icon"/>"##, "a link to 'other.svg#icon'", "other.svg"),
            (##"<use xlink:href="https://example.com/x.svg#a"/>"##, "a link to 'https://example.com/x.svg#a'", "example.com"),
            // Paths on the author's machine, as Inkscape links images: by the file's name alone.
            (
                #"<image width="1" height="1" xlink:href="file:///home/alice/Secret%20Project/kids.jpg"/>"#,
                "a link to the file 'kids.jpg' on the author's machine (its folders are not said)", "alice"
            ),
            (
                #"<image width="1" height="1" href="C:\Users\alice\Documents\passport.png"/>"#,
                "a link to the file 'passport.png' on the author's machine (its folders are not said)", "alice"
            ),
            (
                #"<image width="1" height="1" href="../../alice/Private/kids.jpg"/>"#,
                "a link to the file 'kids.jpg' on the author's machine (its folders are not said)", "Private"
            ),
            // Other spellings (round 22): a drive-relative path, after a no-break space,
            // percent-encoded.
            (
                #"<image width="1" height="1" href="C:Users\alice\a.png"/>"#,
                "a link to the file 'a.png' on the author's machine (its folders are not said)", "alice"
            ),
            (
                #"<image width="1" height="1" href="&#160;/home/alice/nbsp/b.png"/>"#,
                "a link to the file 'b.png' on the author's machine (its folders are not said)", "alice"
            ),
            (
                #"<image width="1" height="1" href="file%3A%2F%2F%2Fhome%2Falice%2Fd.png"/>"#,
                "a link to the file 'd.png' on the author's machine (its folders are not said)", "alice"
            ),
            // Encoded twice, and a folder (round 23).
            (
                #"<image width="1" height="1" href="%252Fhome%252Falice%252Fpassport.png"/>"#,
                "a link to the file 'passport.png' on the author's machine (its folders are not said)", "alice"
            ),
            (
                #"<image width="1" height="1" href="file:///home/alice/Secret%20Project/"/>"#,
                "a link to a folder on the author's machine (its folders are not said)", "Secret"
            ),
            // Encoded five times, more than it is decoded; a % that is no escape (round 24).
            (
                #"<image width="1" height="1" href="%25252525252Fhome%25252525252Falice%25252525252Fp.png"/>"#,
                "a link to a file on the author's machine (its name and folders are not said)", "alice"
            ),
            (
                #"<image width="1" height="1" href="%+2Fhome%+2Falice%+2Fp.png"/>"#,
                "a link to a file on the author's machine (its name and folders are not said)", "alice"
            ),
            (#"<image width="1" height="1" href="https://example.com/track.png"/>"#, "a link to 'https://example.com/track.png'", "example.com"),
            (#"<image width="1" height="1" href="data:image/svg+xml;base64,PHN2Zy8+"/>"#, "a link to 'data:image/svg+xml;base64,PHN2Zy8+'", "svg+xml"),
            (
                ##"<rect width="1" height="1" style="fill:url(https://example.com/p.svg#g)"/>"##, "the style attribute with a reference to another file",
                "example.com"
            ),
            (##"<rect width="1" height="1" fill="url('http://example.com/#g')"/>"##, "the fill attribute with a reference to another file", "example.com"),
            (##"<style>@import url(#x); rect{fill:red}</style>"##, "a <style> with an @import", "@import"),
            (#"<style>rect{background:u\72l(http://example.com)}</style>"#, "a <style> with an escape sequence", "example.com"),
            (#"<animate attributeName="href" to="javascript:alert(1)"/>"#, "<animate>", "javascript"),
            (#"<set attributeName="onload" to="alert(1)"/>"#, "<set>", "alert"),
            (#"<iframe src="https://example.com"/>"#, "<iframe>", "example.com"),
            (#"<sodipodi:namedview xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"/>"#, "<sodipodi:namedview>", "sodipodi"),
        ] as [(String, String, String)])
    func whatCouldRunOrLoadSomethingIsLeftOutAndNamed(_ content: String, _ named: String, _ absent: String) throws {
        let result = try published(Self.open + content + "<rect width=\"2\" height=\"2\"/></svg>")
        #expect(result.removed.contains(named), "\(result.removed)")
        #expect(!result.text.contains(absent), "\(result.text)")
        // The drawing beside it stays.
        #expect(result.text.contains(#"<rect width="2" height="2"/>"#), "\(result.text)")
    }

    /// CSS that loads a file, in every spelling a browser reads as such: each one is left out,
    /// from a `<style>` and from a `style` attribute alike, and the published file holds none.
    @Test(
        arguments: [
            (#"background:image-set("https://example.com/a.png" 1x)"#, "image-set(), which loads a file"),
            (#"mask-image:-webkit-image-set('https://example.com/a.png' 1x)"#, "image-set(), which loads a file"),
            (#"background:Image-Set("https://example.com/a.png" 1X)"#, "image-set(), which loads a file"),
            (#"background:image("https://example.com/a.png")"#, "image(), which loads a file"),
            (#"background:cross-fade(url(#g), "https://example.com/a.png" 50%)"#, "cross-fade(), which loads a file"),
            (#"background:-moz-element(#g), url(https://example.com/a.png)"#, "element(), which loads a file"),
            (#"background:src("https://example.com/a.png")"#, "src(), which loads a file"),
            (#"background:URL(https://example.com/a.png)"#, "a reference to another file"),
            (#"background:url( "https://example.com/a.png" )"#, "a reference to another file"),
            (#"background:\75 rl(https://example.com/a.png)"#, "an escape sequence"),
            (#"background:u\72l(https://example.com/a.png)"#, "an escape sequence"),
            // A comment holding a quote: a string to nobody, so the url( after it is one.
            (#"background:/*"*/url(https://example.com/a.png)/*"*/"#, "a reference to another file"),
        ] as [(String, String)])
    func cssThatLoadsAFileIsLeftOutWhereverItIs(_ declaration: String, _ reason: String) throws {
        let inStyle = try published(Self.open + "<style>rect{\(declaration)}</style><rect width=\"2\" height=\"2\"/></svg>")
        #expect(inStyle.removed == ["a <style> with \(reason)"], "\(inStyle.removed)")
        let quoted = declaration.replacingOccurrences(of: "\"", with: "&quot;")
        let inAttribute = try published(Self.open + "<rect width=\"2\" height=\"2\" style=\"\(quoted)\"/></svg>")
        #expect(inAttribute.removed == ["the style attribute with \(reason)"], "\(inAttribute.removed)")
        for text in [inStyle.text, inAttribute.text] {
            #expect(!text.contains("example.com") && !text.contains("background"), "\(text)")
            #expect(text.contains(#"<rect width="2" height="2""#), "\(text)")
        }
    }

    @Test(
        arguments: [
            (#"@import "https://example.com/a.css";"#, "an @import"),
            (#"@IMPORT url(https://example.com/a.css);"#, "an @import"),
            (#"@font-face{font-family:A;src:url(https://example.com/a.woff2)}"#, "an @font-face rule, which loads a font"),
            (#"@font-face{font-family:A;src:local(Arial)}"#, "an @font-face rule, which loads a font"),
        ] as [(String, String)])
    func aStyleSheetThatImportsOrLoadsAFontIsLeftOut(_ rule: String, _ reason: String) throws {
        let result = try published(Self.open + "<style>\(rule) rect{fill:red}</style><rect width=\"2\" height=\"2\"/></svg>")
        #expect(result.removed == ["a <style> with \(reason)"], "\(result.removed)")
        #expect(!result.text.contains("example.com") && !result.text.contains("@") && !result.text.contains("fill:red"), "\(result.text)")
    }

    /// The text of a `<style>` is checked whole: an element inside it (a way to cut the text in
    /// two) is left out with what it holds, and what it cut is one style sheet again.
    @Test(
        arguments: [
            "<style><g></g>@import url(https://example.com/a.css); svg{background:url(https://example.com/a.png)}</style>",
            "<style>rect{fill:red}<g>x</g> svg{background:image-set(\"https://example.com/a.png\" 1x)}</style>",
            "<style>svg{background:ur<g/>l(https://example.com/a.png)}</style>",
            "<style>svg{background:ur<!-- -->l(https://example.com/a.png)}</style>",
            "<style>svg{background:ur<![CDATA[l(https://example.com/a.png)]]>}</style>",
        ])
    func anElementInsideAStyleIsNoWayRoundItsCheck(_ style: String) throws {
        let result = try published(Self.open + style + "<rect width=\"2\" height=\"2\"/></svg>")
        #expect(result.removed.contains { $0.hasPrefix("a <style> with ") }, "\(result.removed)")
        #expect(!result.text.contains("example.com"), "\(result.text)")
        #expect(result.text.contains("<style></style>"), "\(result.text)")
        // What is published is safe as it is: published again, nothing more is left out.
        guard case .published(let again) = SVGSanitizer.sanitize(Array(result.text.utf8), documentName: "again.svg") else {
            throw SVGTestFailure(description: "refused")
        }
        #expect(again.removed == [] && String(decoding: again.bytes, as: UTF8.self) == result.text)
    }

    @Test func anElementInsideASafeStyleIsLeftOutAndNamed() throws {
        let result = try published(Self.open + "<style>rect{fill:red}<g><rect/></g> circle{fill:blue}</style><rect width=\"2\" height=\"2\"/></svg>")
        #expect(result.removed == ["<g> inside a <style>"])
        #expect(result.text.contains("<style>rect{fill:red} circle{fill:blue}</style>"), "\(result.text)")
    }

    @Test func drawingTextGradientsAndLocalReferencesAreKeptAsTheyAre() throws {
        let svg =
            Self.open
            + ##"<defs><linearGradient id="g" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#2E7D32"/></linearGradient>"##
            + ##"<symbol id="s" viewBox="0 0 2 2"><circle cx="1" cy="1" r="1"/></symbol></defs>"##
            + ##"<g transform="translate(1 1)"><rect width="4" height="3" fill="url(#g)" style="stroke:url('#g')"/>"##
            + ##"<use xlink:href="#s"/><use href="#s" x="2"/><text x="0" y="9" font-family="Charis SIL">A &amp; B &lt;3</text></g>"##
            + ##"<style>.a > rect{fill:#fff}</style>"##
            + ##"<image width="1" height="1" href="data:image/png;base64,"## + ExampleProject.tinyPNG + ##""/></svg>"##
        let result = try published(svg)
        #expect(result.removed == [])
        for kept in [
            ##"<stop offset="0" stop-color="#2E7D32"/>"##, ##"fill="url(#g)""##, ##"style="stroke:url('#g')""##, ##"<use xlink:href="#s"/>"##,
            ##"<use href="#s" x="2"/>"##, "A &amp; B &lt;3</text>", "<style>.a &gt; rect{fill:#fff}</style>", "data:image/png;base64," + ExampleProject.tinyPNG,
        ] {
            #expect(result.text.contains(kept), "\(kept) in \(result.text)")
        }
    }

    @Test func theOutputIsWellFormedAndTheSameForTheSameInput() throws {
        let svg = Self.open + "<text x=\"1\" font-family=\"a&quot;b&#9;c\">tab\tand \"quotes\" &amp; line&#10;ends</text><script>x</script></svg>"
        let first = SVGSanitizer.sanitize(Array(svg.utf8), documentName: "a.svg")
        #expect(first == SVGSanitizer.sanitize(Array(svg.utf8), documentName: "a.svg"))
        guard case .published(let sanitized) = first else { throw SVGTestFailure(description: "refused") }
        // Read back by the same sanitizer: nothing more to remove, and the same bytes again.
        guard case .published(let again) = SVGSanitizer.sanitize(sanitized.bytes, documentName: "b.svg") else { throw SVGTestFailure(description: "refused") }
        #expect(again.bytes == sanitized.bytes)
        #expect(again.removed == [])
    }

    @Test(arguments: [
        (#"<!DOCTYPE svg [<!ENTITY a "x">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>"#, "it declares a DTD of its own"),
        (#"<!DOCTYPE svg SYSTEM "file:///etc/passwd" [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg>&x;</svg>"#, "it declares a DTD of its own"),
        (#"<html><svg/></html>"#, "its root element is <html>, not <svg>"),
        (#"<svg><rect></svg>"#, "mismatch"),
        (#"<svg>&undefined;</svg>"#, "undefined"),
        ("", "empty"),
    ])
    func anSVGThatCannotBeReadSafelyIsRefused(_ svg: String, _ reason: String) {
        guard case .refused(let refusal) = SVGSanitizer.sanitize(Array(svg.utf8), documentName: "a.svg") else {
            Issue.record("published: \(svg)")
            return
        }
        #expect(refusal.reason.lowercased().contains(reason.lowercased()), "\(refusal.reason)")
    }

    /// An embedded picture over 7.5 MB is Base64 over 10 MB, longer than the XML reader reads in
    /// one value: the SVG is refused with that limit, not libxml2's "Huge input lookup".
    @Test func anEmbeddedPictureOverTheReadersLimitIsRefusedWithTheLimit() {
        let payload = String(repeating: "AAAA", count: 2_500_001)
        let svg = Self.open + "\n<image width=\"1\" height=\"1\" href=\"data:image/png;base64,\(payload)\"/></svg>"
        guard case .refused(let refusal) = SVGSanitizer.sanitize(Array(svg.utf8), documentName: "a.svg") else {
            Issue.record("published")
            return
        }
        #expect(
            refusal.reason
                == "it holds a value or text longer than 10 MB, the most an SVG may in one piece: a picture embedded as a data: URI may be at most 7.5 MB (Base64 takes 4 bytes for every 3)"
        )
        #expect(refusal.line == 2, "\(refusal)")
    }

    /// Lint names the first ten things left out and counts the rest: an SVG of 990 unknown
    /// attributes named all 990 in one warning.
    @Test func theWarningNamesTheFirstTenThingsLeftOutAndCountsTheRest() throws {
        let folder = TemporaryFolder()
        try folder.write(
            "app.appDef",
            """
            <?xml version="1.0" encoding="utf-8"?>
            <app-definition type="SAB"><translation-mappings default-lang="en"/><onboarding-screens><onboarding-screen>
            <onboarding-screen-image lang="default"><image>logo.svg</image></onboarding-screen-image>
            </onboarding-screen></onboarding-screens></app-definition>
            """)
        let attributes = (0..<990).map { " a\($0)=\"1\"" }.joined()
        try folder.write("images/onboarding/logo.svg", Self.open + "<rect width=\"1\" height=\"1\"\(attributes)/></svg>")
        let warning = try #require(Linter().lint(path: folder.path("app.appDef")).first { $0.ruleID == "unsafe-svg-content" })
        let names = (0..<10).map { "the a\($0) attribute" }.joined(separator: ", ")
        #expect(warning.message == "'logo.svg' is published without what is not drawing, text or style: \(names) and 980 more")
    }

    /// An SVG whose root tag stops the reader (more than 1000 attributes, a value over its
    /// limit) is an SVG refused with why, not "not an SVG image".
    @Test(arguments: [
        (
            #"<?xml version="1.0"?><!-- <html> --><svg xmlns="http://www.w3.org/2000/svg" width="4" height="3""#
                + (0..<1000).map { " a\($0)=\"1\"" }.joined() + "/>",
            "this start tag has more than 1000 attributes: the file is not read past it"
        ),
        (
            #"<svg xmlns="http://www.w3.org/2000/svg" width=""# + String(repeating: "1", count: 10_000_001) + #"" height="3"/>"#,
            "it holds a value or text longer than 10 MB"
        ),
    ])
    func anSVGWhoseRootTagStopsTheReaderIsRefusedWithWhy(_ svg: String, _ reason: String) {
        #expect(SVGSanitizer.isSVG(Array(svg.utf8)))
        guard case .refused(let refusal) = SVGSanitizer.sanitize(Array(svg.utf8), documentName: "a.svg") else {
            Issue.record("published")
            return
        }
        #expect(refusal.reason.hasPrefix(reason), "\(refusal.reason)")
    }

    @Test(arguments: [
        "<html xmlns=\"http://www.w3.org/1999/xhtml\"" + (0..<1001).map { " a\($0)=\"1\"" }.joined() + "/>",
        "<!-- <svg> --><svgx" + (0..<1001).map { " a\($0)=\"1\"" }.joined() + "/>",
        "text <svg" + (0..<1001).map { " a\($0)=\"1\"" }.joined() + "/>",
    ])
    func anotherRootThatStopsTheReaderIsNoSVG(_ document: String) {
        #expect(!SVGSanitizer.isSVG(Array(document.utf8)))
    }

    /// A build publishes the rebuilt SVG, never the author's file.
    @Test func aBuildPublishesTheRebuiltSVG() throws {
        let folder = TemporaryFolder()
        try folder.write(
            "app.appDef",
            """
            <?xml version="1.0" encoding="utf-8"?>
            <app-definition type="SAB"><translation-mappings default-lang="en"/><onboarding-screens><onboarding-screen>
            <onboarding-screen-image lang="default"><image>logo.svg</image></onboarding-screen-image>
            </onboarding-screen></onboarding-screens></app-definition>
            """)
        try folder.write("images/onboarding/logo.svg", Self.open + #"<script>localStorage.clear()</script><rect width="1" height="1"/></svg>"#)
        let result = try OnboardingBuilder(options: BuildOptions(outputDirectory: folder.path("out"))).build(appDefPath: folder.path("app.appDef"))
        #expect(result.succeeded)
        #expect(result.diagnostics.filter { $0.ruleID == "unsafe-svg-content" }.map(\.severity) == [.warning])
        let image = try #require(result.writtenFiles.first { $0.hasSuffix(".svg") })
        let text = try String(contentsOfFile: folder.path("out/" + image), encoding: .utf8)
        #expect(!text.contains("script") && !text.contains("localStorage"), "\(text)")
        #expect(text.contains(#"<rect width="1" height="1"/>"#))
    }
}

struct SVGTestFailure: Error, CustomStringConvertible {
    var description: String
}
