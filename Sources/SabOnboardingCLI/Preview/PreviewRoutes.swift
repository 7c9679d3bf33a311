import PreviewServer

/// Which request gets what:
///
/// - `/onboarding/…`: the rendered output (`/onboarding/` is `index.html`); `/onboarding` redirects there.
/// - `/review/`: the review page of the latest build, whose frames show `/onboarding/`, with its
///   style sheet and script; `/review` redirects there. It shows a build's errors itself.
/// - `/` and the path the start URL leads to from the carousel: a page standing in for the app.
/// - `/__preview/…`: the live-reload script, the build counter and the preview's stylesheet.
/// - anything else: 404; a path with a `..` segment: 400. Only GET and HEAD are answered.
///
/// While the latest build has errors, every page (`.html`, a folder, the stand-in) is the error page.
struct PreviewRoutes: Sendable {
    /// Where the output is served: a folder, so that the default start URL `../` leads out of it.
    static let outputPrefix = "/onboarding/"
    /// Where the review page is served, beside the output.
    static let reviewPrefix = "/review/"

    /// Where Skip and Start lead, as given (relative to the carousel page).
    let startURL: String
    /// Where the stand-in page is served.
    let standInPaths: Set<String>

    /// The routes of a preview served on `port` of 127.0.0.1.
    init(startURL: String, port: UInt16) {
        self.startURL = startURL
        standInPaths = Set(["/"] + [Self.standInPath(for: startURL, port: port)].compactMap { $0 })
    }

    /// The path on this server that `startURL` leads to from the carousel, when it is on this
    /// server (by any of its names, with its port) and outside the output, the review page and
    /// the preview's own files.
    static func standInPath(for startURL: String, port: UInt16) -> String? {
        let server = LoopbackAuthority(port: port)
        guard let encoded = URLReference.path(of: startURL, fromPage: outputPrefix + "index.html", onServer: server.names),
            let path = percentDecoded(encoded), !path.hasPrefix(outputPrefix), !path.hasPrefix(reviewPrefix),
            !path.hasPrefix(PreviewPages.prefix)
        else { return nil }
        return path.isEmpty ? "/" : path
    }

    /// The reply to `method` on `target`, the request's path as sent (percent-encoded), seeing `site`.
    func reply(method: String, target: String, query: String = "", site: PreviewSite.Snapshot) -> HTTPResponse {
        guard method == "GET" || method == "HEAD" else {
            return .text(405, "Method not allowed: the preview answers GET and HEAD.\n", headers: ["Allow": "GET, HEAD"])
        }
        guard let path = Self.percentDecoded(target), path.hasPrefix("/") else {
            return .text(400, "Bad request: not a path.\n")
        }
        // Neither could reach a file (the output is in memory), but no output file has such a
        // path: each is refused, with its own reason.
        guard !path.split(separator: "/", omittingEmptySubsequences: false).contains("..") else {
            return .text(400, "Bad request: paths with '..' are refused.\n")
        }
        guard !path.contains("\\") else {
            return .text(400, "Bad request: paths with '\\' are refused.\n")
        }
        switch path {
        case PreviewPages.versionPath:
            return .text(200, "\(site.version)\n")
        case PreviewPages.reloadScriptPath:
            return HTTPResponse(status: 200, contentType: ContentTypes.type(of: path), body: Array(PreviewPages.reloadScript.utf8))
        case PreviewPages.stylesheetPath:
            return HTTPResponse(status: 200, contentType: ContentTypes.type(of: path), body: Array(PreviewPages.stylesheet.utf8))
        case String(Self.outputPrefix.dropLast()), String(Self.reviewPrefix.dropLast()):
            let location = path + "/" + (query.isEmpty ? "" : "?" + query)
            return .text(302, "See \(location)\n", headers: ["Location": location])
        case _ where path.hasPrefix(Self.outputPrefix):
            return output(String(path.dropFirst(Self.outputPrefix.count)), site: site)
        case _ where path.hasPrefix(Self.reviewPrefix):
            return review(String(path.dropFirst(Self.reviewPrefix.count)), site: site)
        case _ where standInPaths.contains(path):
            return page(site: site) { PreviewPages.standInPage(startURL: startURL, version: site.version) }
        default:
            return notFound(path)
        }
    }

    /// A file of the output, by its path in the output folder.
    private func output(_ relativePath: String, site: PreviewSite.Snapshot) -> HTTPResponse {
        let file = relativePath.isEmpty || relativePath.hasSuffix("/") ? relativePath + "index.html" : relativePath
        if ContentTypes.isPage(file) {
            if site.failed { return errorPage(site) }
            guard let bytes = site.files[file] else { return notFound(Self.outputPrefix + relativePath) }
            return page(site: site) {
                PreviewHTMLRewriter.rewrite(String(decoding: bytes, as: UTF8.self), inserting: PreviewPages.reloadTags(version: site.version))
            }
        }
        guard let bytes = site.files[file] else { return notFound(Self.outputPrefix + relativePath) }
        return HTTPResponse(status: 200, contentType: ContentTypes.type(of: file), body: bytes)
    }

    /// A file of the review page, by its name (`""` is the page). The page is served whether
    /// the build has errors or not: it shows them beside their screens. Only when the appDef
    /// could not be read at all is there no page, and the error page says why.
    private func review(_ name: String, site: PreviewSite.Snapshot) -> HTTPResponse {
        let file = name.isEmpty ? "review.html" : name
        guard let bytes = site.review[file] else {
            return site.review.isEmpty && ContentTypes.isPage(file) ? errorPage(site) : notFound(Self.reviewPrefix + name)
        }
        guard ContentTypes.isPage(file) else { return HTTPResponse(status: 200, contentType: ContentTypes.type(of: file), body: bytes) }
        let page = PreviewHTMLRewriter.rewrite(String(decoding: bytes, as: UTF8.self), inserting: PreviewPages.reloadTags(version: site.version))
        return HTTPResponse(status: 200, contentType: ContentTypes.type(of: file), body: Array(page.utf8))
    }

    /// A page, or the error page while the latest build has errors.
    private func page(site: PreviewSite.Snapshot, _ html: () -> String) -> HTTPResponse {
        site.failed ? errorPage(site) : HTTPResponse(status: 200, contentType: ContentTypes.type(of: ".html"), body: Array(html().utf8))
    }

    /// Status 500: the carousel cannot be shown, and the page says why.
    private func errorPage(_ site: PreviewSite.Snapshot) -> HTTPResponse {
        HTTPResponse(
            status: 500, contentType: ContentTypes.type(of: ".html"),
            body: Array(PreviewPages.errorPage(diagnostics: site.diagnostics, version: site.version).utf8))
    }

    private func notFound(_ path: String) -> HTTPResponse {
        .text(404, "Not found: \(path)\n")
    }

    /// `text` with its `%XX` escapes decoded; `nil` when one is malformed or the bytes are not UTF-8.
    static func percentDecoded(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var rest = text.utf8[...]
        while let byte = rest.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = rest.popFirst().flatMap(hexValue), let low = rest.popFirst().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(utf8Text: bytes)
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
