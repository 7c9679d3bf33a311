import Testing

@testable import SabOnboardingCLI

/// Which request gets what, without a server: the routes over a snapshot of a site.
struct PreviewRoutesTests {
    private let site = PreviewSite.Snapshot(
        version: 3, files: ["index.html": Array("<html><head></head></html>".utf8)], diagnostics: [], failed: false)

    @Test func aStartURLElsewhereOnTheServerGetsTheStandInPage() {
        let standIn = PreviewRoutes.standInPath(for:)
        #expect(standIn("../") == "/")
        #expect(standIn("../index.html") == "/index.html")
        #expect(standIn("../app/?from=onboarding") == "/app/")
        #expect(standIn("/home") == "/home")
        #expect(standIn("https://example.org/") == nil)
        #expect(standIn("//example.org/") == nil)
        #expect(standIn("index.html") == nil, "inside the output: the output's own file")

        let routes = PreviewRoutes(startURL: "../app/")
        #expect(routes.reply(method: "GET", target: "/app/", site: site).status == 200)
        #expect(routes.reply(method: "GET", target: "/", site: site).status == 200)
        #expect(routes.reply(method: "GET", target: "/__preview/version", site: site).body == Array("3\n".utf8))
        #expect(routes.reply(method: "GET", target: "/onboarding/", site: site).body
            == Array("<html><head><meta name=\"sab-preview-version\" content=\"3\">\n<script src=\"/__preview/reload.js\"></script>\n</head></html>".utf8))
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
        let types = ["a.html": "text/html; charset=utf-8", "b/c.CSS": "text/css; charset=utf-8", "d.js": "text/javascript; charset=utf-8",
            "e.json": "application/json", "f.png": "image/png", "g.jpeg": "image/jpeg", "h.jpg": "image/jpeg", "i.gif": "image/gif",
            "j.webp": "image/webp", "k.svg": "image/svg+xml", "l.woff2": "font/woff2", "m.ttf": "font/ttf", "n": "application/octet-stream"]
        for (path, type) in types {
            #expect(ContentTypes.type(of: path) == type, "\(path)")
        }
    }
}
