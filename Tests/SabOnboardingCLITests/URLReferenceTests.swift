import Foundation
import Testing

@testable import SabOnboardingCLI

/// The start URL is resolved against the carousel's address as Foundation's URL resolved it, and
/// as a browser does where the two part.
struct URLReferenceTests {
    private static let page = "/onboarding/index.html"

    private static func resolved(_ reference: String) -> String? {
        URLReference.path(of: reference, fromPage: page, onServer: { $0 == "127.0.0.1" })
    }

    @Test func resolvedAsFoundationResolvedThem() throws {
        let base = try #require(URL(string: "http://127.0.0.1" + Self.page))
        let references = [
            "../", "../index.html", "../app/?from=onboarding", "/home", "https://example.org/", "//example.org/", "index.html",
            "#x", "?q", "../#frag", "..", ".", "./", "../..", "../../../x", "/a/b/../c/./d", "/a/b/..", "http://127.0.0.1/x",
            "http://127.0.0.1", "http://127.0.0.1:80/x", "HTTP://127.0.0.1/x", "http:foo", "//127.0.0.1/y", "//user@127.0.0.1/",
            "../my app/", "../café/", "../a%20b/", "javascript:alert(1)", "mailto:x@y", "./a:b", "../a?b#c", "../a#b?c", "/..",
            "/./x", "x/./../y", "..//x", "screens/../../x", "../x/..", "../x/.", "/a//b", "g;x", "g?y/./x", "http://[::1]/",
        ]
        for reference in references {
            let foundation = URL(string: reference, relativeTo: base).map(\.absoluteURL).flatMap { url in
                url.absoluteString.hasPrefix("http://127.0.0.1/")
                    ? URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath : nil
            }
            // Foundation percent-encoded what may not stand in a URL (a space); the preview decodes both.
            let decoded = { (path: String?) in path.flatMap(PreviewRoutes.percentDecoded) }
            #expect(decoded(Self.resolved(reference)) == decoded(foundation), "\(reference)")
        }
    }

    /// Where Foundation kept `..` in an absolute URL, the browser, like RFC 3986, takes it out.
    @Test func dotSegmentsOfAnAbsoluteURLAreTakenOut() {
        #expect(Self.resolved("http://127.0.0.1/a/../../b") == "/b")
        #expect(Self.resolved("//127.0.0.1/../x") == "/x")
    }

    @Test func dotSegmentsAreRemovedAsRFC3986Says() {
        #expect(URLReference.removingDotSegments("/a/b/c/./../../g") == "/a/g")
        #expect(URLReference.removingDotSegments("mid/content=5/../6") == "mid/6")
        #expect(URLReference.removingDotSegments("/a/b/..") == "/a/")
        #expect(URLReference.removingDotSegments("/../../x/") == "/x/")
    }
}
