import Testing

@testable import SabOnboardingCLI

/// Which request gets what, without a server: the routes over a snapshot of a site.
struct PreviewRoutesTests {
    private let site = PreviewSite.Snapshot(
        version: 3, files: ["index.html": Array("<html><head></head></html>".utf8)], diagnostics: [], failed: false)

    @Test func aStartURLElsewhereOnTheServerGetsTheStandInPage() {
        let standIn = { (url: String) in PreviewRoutes.standInPath(for: url, port: 8000) }
        #expect(standIn("../") == "/")
        #expect(standIn("../index.html") == "/index.html")
        #expect(standIn("../app/?from=onboarding") == "/app/")
        #expect(standIn("/home") == "/home")
        #expect(standIn("https://example.org/") == nil)
        #expect(standIn("//example.org/") == nil)
        #expect(standIn("index.html") == nil, "inside the output: the output's own file")
        #expect(standIn("../review/") == nil, "the review page's")

        let routes = PreviewRoutes(startURL: "../app/", port: 8000)
        #expect(routes.reply(method: "GET", target: "/app/", site: site).status == 200)
        #expect(routes.reply(method: "GET", target: "/", site: site).status == 200)
        #expect(routes.reply(method: "GET", target: "/__preview/version", site: site).body == Array("3\n".utf8))
        #expect(
            routes.reply(method: "GET", target: "/onboarding/", site: site).body
                == Array("<html><head><meta name=\"sab-preview-version\" content=\"3\">\n<script src=\"/__preview/reload.js\"></script>\n</head></html>".utf8))
    }

    /// The review page is served with the live reload whether the build failed or not; only
    /// an appDef that could not be read at all has none, and the error page says why.
    @Test func theReviewPageIsServedBesideTheOutput() {
        let routes = PreviewRoutes(startURL: "../", port: 8000)
        var failed = PreviewSite.Snapshot(
            version: 4, files: [:], diagnostics: [], failed: true,
            review: ["review.html": Array("<html><head></head><body>the review</body></html>".utf8), "review.js": Array("x".utf8)])
        #expect(routes.reply(method: "GET", target: "/review", site: failed).headers["Location"] == "/review/")
        let page = routes.reply(method: "GET", target: "/review/", site: failed)
        #expect(page.status == 200)
        #expect(String(decoding: page.body, as: UTF8.self).contains("<script src=\"/__preview/reload.js\"></script>\n</head><body>the review"))
        #expect(routes.reply(method: "GET", target: "/review/review.html", site: failed).body == page.body)
        #expect(routes.reply(method: "GET", target: "/review/review.js", site: failed).body == Array("x".utf8))
        #expect(routes.reply(method: "GET", target: "/review/other.js", site: failed).status == 404)
        #expect(routes.reply(method: "GET", target: "/onboarding/", site: failed).status == 500, "the carousel's pages show the errors")
        failed.review = [:]
        let unreadable = routes.reply(method: "GET", target: "/review/", site: failed)
        #expect(unreadable.status == 500 && String(decoding: unreadable.body, as: UTF8.self).contains("The onboarding did not build"))
    }

    /// The host of an absolute start URL is matched with its port, by any name of the server.
    @Test func anAbsoluteStartURLLeadsHereOnlyWithThePreviewsPort() {
        let standIn = { (url: String) in PreviewRoutes.standInPath(for: url, port: 8000) }
        #expect(standIn("http://127.0.0.1:8000/app") == "/app")
        #expect(standIn("http://localhost:8000/app/") == "/app/")
        #expect(standIn("//LOCALHOST:8000/home") == "/home")
        #expect(standIn("http://127.0.0.1/app") == nil, "port 80: another server")
        #expect(standIn("http://127.0.0.1:8001/app") == nil)
        #expect(standIn("https://127.0.0.1:8000/app") == nil, "another scheme")
        #expect(standIn("http://user@127.0.0.1:8000/app") == nil)
        #expect(PreviewRoutes.standInPath(for: "http://127.0.0.1/app", port: 80) == "/app")
    }

    /// A browser reads `%2e` in a dot segment as a dot (WHATWG URL standard): the stand-in is
    /// served where it goes, not at a path with `..` that the routes refuse.
    @Test func encodedDotSegmentsLeadWhereABrowserGoes() {
        #expect(PreviewRoutes.standInPath(for: "../%2e%2e/x", port: 8000) == "/x")
        #expect(PreviewRoutes.standInPath(for: "../.%2E/x/", port: 8000) == "/x/")
        #expect(PreviewRoutes.standInPath(for: "%2e%2e/app", port: 8000) == "/app")
        #expect(PreviewRoutes.standInPath(for: "../%2e/app", port: 8000) == "/app")
        #expect(PreviewRoutes.standInPath(for: "../%2e%2ex/", port: 8000) == "/..x/", "a name, not a dot segment")
    }

    @Test func aPathWithDotDotOrABackslashIsRefusedWithItsReason() {
        let routes = PreviewRoutes(startURL: "../", port: 8000)
        for target in ["/a%5Cb", "/a\\b", "/onboarding/%5c..%5cx"] {
            let reply = routes.reply(method: "GET", target: target, site: site)
            #expect(reply.status == 400)
            #expect(String(decoding: reply.body, as: UTF8.self) == "Bad request: paths with '\\' are refused.\n", "\(target)")
        }
        for target in ["/onboarding/../x", "/onboarding/%2e%2e/x", "/.."] {
            let reply = routes.reply(method: "GET", target: target, site: site)
            #expect(reply.status == 400)
            #expect(String(decoding: reply.body, as: UTF8.self) == "Bad request: paths with '..' are refused.\n", "\(target)")
        }
    }

    @Test func pathsArePercentDecodedOnlyWhenWellFormed() {
        #expect(PreviewRoutes.percentDecoded("/onboarding/%2e%2E/a%20b") == "/onboarding/../a b")
        #expect(PreviewRoutes.percentDecoded("/caf%C3%A9") == "/café")
        #expect(PreviewRoutes.percentDecoded("/plain") == "/plain")
        for malformed in ["/%2", "/%zz", "/%", "/%ff"] {
            #expect(PreviewRoutes.percentDecoded(malformed) == nil, "\(malformed)")
        }
    }

    @Test func typesByExtension() {
        let types = [
            "a.html": "text/html; charset=utf-8", "b/c.CSS": "text/css; charset=utf-8", "d.js": "text/javascript; charset=utf-8",
            "e.json": "application/json", "f.png": "image/png", "g.jpeg": "image/jpeg", "h.jpg": "image/jpeg", "i.gif": "image/gif",
            "j.webp": "image/webp", "k.svg": "image/svg+xml", "l.woff2": "font/woff2", "m.ttf": "font/ttf", "n": "application/octet-stream",
        ]
        for (path, type) in types {
            #expect(ContentTypes.type(of: path) == type, "\(path)")
        }
    }
}
