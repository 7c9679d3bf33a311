import Foundation
import PreviewServer
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `sab-onboarding preview`, run as a user would: the built binary on a copy of the builders
/// sample, spoken to over HTTP on 127.0.0.1 with a raw socket (no URL normalisation in the way).
@Suite(.serialized, .timeLimit(.minutes(10)))
struct PreviewCommandTests {
    @Test func servesTheCarouselWithLiveReloadOnLoopbackOnly() throws {
        let project = try SampleCopy()
        let preview = try PreviewProcess(appDef: project.appDef)

        let carousel = try preview.get("/onboarding/")
        #expect(carousel.status == 200)
        #expect(carousel.headers["content-type"] == "text/html; charset=utf-8")
        #expect(carousel.body.contains("aria-roledescription=\"carousel\""))
        #expect(carousel.body.contains("<script src=\"/__preview/reload.js\"></script>"))
        #expect(carousel.body.contains("script-src &#39;self&#39;"))
        #expect(carousel.body.contains("connect-src &#39;self&#39;\">"), "the CSP meta allows the live reload's fetch")
        #expect(try preview.get("/onboarding/index.html").body == carousel.body)
        #expect(try preview.get("/onboarding/screens/1.html").body.contains("<script src=\"/__preview/reload.js\"></script>"))

        let script = try preview.get("/__preview/reload.js")
        #expect(script.status == 200)
        #expect(script.headers["content-type"] == "text/javascript; charset=utf-8")
        #expect(script.body.contains("/__preview/version") && script.body.contains("location.reload()"))
        #expect(try preview.version() == 1)

        // Each file with its type.
        #expect(try preview.get("/onboarding/onboarding.css").headers["content-type"] == "text/css; charset=utf-8")
        #expect(try preview.get("/onboarding/onboarding.json").headers["content-type"] == "application/json")
        let image = try #require(firstMatch(of: #"images/RainAndFloods-[0-9]+-[0-9a-f]+\.jpg"#, in: carousel.body))
        let jpeg = try preview.get("/onboarding/" + image)
        #expect(jpeg.status == 200 && jpeg.headers["content-type"] == "image/jpeg")
        let webp = try #require(firstMatch(of: #"images/RainAndFloods-[0-9]+-[0-9a-f]+\.webp"#, in: carousel.body))
        #expect(try preview.get("/onboarding/" + webp).headers["content-type"] == "image/webp")
        let head = try preview.request("HEAD", "/onboarding/" + image)
        #expect(head.status == 200 && head.body.isEmpty && head.headers["content-length"] == jpeg.headers["content-length"])

        // The root stands in for the app, where Skip and Start lead (../ from the carousel).
        let root = try preview.get("/")
        #expect(root.status == 200)
        #expect(root.body.contains("The app would open here"))
        #expect(root.body.contains("<script src=\"/onboarding/onboarding-gate.js\"></script>"))
        #expect(root.body.contains("href=\"/onboarding/?replay\""))
        let redirect = try preview.get("/onboarding?replay")
        #expect(redirect.status == 302 && redirect.headers["location"] == "/onboarding/?replay")

        // Nothing else, and nothing outside.
        #expect(try preview.get("/nothing.html").status == 404)
        #expect(try preview.get("/onboarding/nothing.png").status == 404)
        #expect(try preview.get("/__preview/nothing").status == 404)
        for escape in ["/onboarding/../../etc/passwd", "/onboarding/%2e%2e/%2e%2e/etc/passwd", "/../Package.swift"] {
            let refused = try preview.get(escape)
            #expect(refused.status == 400, "\(escape)")
            #expect(!refused.body.contains("root:"), "\(escape)")
        }
        #expect(try preview.request("POST", "/onboarding/").status == 405)

        #if os(Linux)
            let listeners = try listeningAddresses(port: preview.port)
            #expect(listeners == ["127.0.0.1"], "listens on 127.0.0.1 only, not on every interface")
        #endif

        // A second preview on the same port is refused clearly.
        do {
            _ = try PreviewProcess(appDef: project.appDef, port: preview.port)
            Issue.record("a second preview served on port \(preview.port)")
        } catch let failure as PreviewTestFailure {
            #expect(failure.description.contains("exited with status 1 before serving"), "\(failure)")
            #expect(failure.description.contains("error: cannot serve on 127.0.0.1:\(preview.port)"), "\(failure)")
        }

        #expect(try preview.stop(SIGTERM) == 0)
        #expect(preview.standardError.contains("preview stopped (SIGTERM)"))
        #expect(preview.standardOutput == "Serving http://127.0.0.1:\(preview.port)/ (Ctrl-C to stop)\n")
    }

    @Test func rebuildsOnEveryChangeAndShowsBuildErrorsInsteadOfTheCarousel() throws {
        let project = try SampleCopy()
        let preview = try PreviewProcess(appDef: project.appDef)
        try preview.waitForStandardError(containing: "preview build 1: 4 screens, no problems")

        // A new title: a new build, and the page shows it.
        try project.edit {
            $0.replacingOccurrences(of: "<translation>Onboarding Title</translation>", with: "<translation>Changed &amp; previewed</translation>")
        }
        try preview.waitForBuild(after: 1)
        #expect(try preview.get("/onboarding/").body.contains("Changed &amp; previewed"))

        // A broken colour: the terminal says so, and every page is the error page.
        let before = try preview.version()
        try project.edit { $0.replacingOccurrences(of: "value=\"#80FF65\"", with: "value=\"green\"") }
        try preview.waitForBuild(after: before)
        let broken = try preview.get("/onboarding/")
        #expect(broken.status == 500)
        #expect(broken.body.contains("The onboarding did not build"))
        #expect(broken.body.contains("[invalid-color]"))
        #expect(broken.body.contains("&#39;green&#39; is not a colour"), "the diagnostics are escaped")
        #expect(!broken.body.contains("aria-roledescription=\"carousel\""))
        #expect(broken.body.contains("<script src=\"/__preview/reload.js\"></script>"), "it reloads by itself once fixed")
        #expect(try preview.get("/onboarding/screens/2.html").body.contains("[invalid-color]"))
        #expect(try preview.get("/").body.contains("[invalid-color]"))
        #expect(try preview.get("/onboarding/onboarding.css").status == 200, "the last good build's files are still served")
        try preview.waitForStandardError(containing: "error: 'green' is not a colour [invalid-color]")
        try preview.waitForStandardError(containing: "failed (1 error)")

        // Fixed: the carousel is back.
        let failed = try preview.version()
        try project.edit { $0.replacingOccurrences(of: "value=\"green\"", with: "value=\"#80FF65\"") }
        try preview.waitForBuild(after: failed)
        let fixed = try preview.get("/onboarding/")
        #expect(fixed.status == 200)
        #expect(fixed.body.contains("aria-roledescription=\"carousel\"") && fixed.body.contains("Changed &amp; previewed"))

        // Another picture under an image's name: a new build with the new image.
        let pattern = #"images/HouseOnTheRock-[0-9]+-[0-9a-f]+\.jpg"#
        let oldImage = try #require(firstMatch(of: pattern, in: fixed.body))
        let images = project.folder.appendingPathComponent("images/onboarding")
        let afterFix = try preview.version()
        try Data(contentsOf: images.appendingPathComponent("WiseAndFoolishBuilders.png"))
            .write(to: images.appendingPathComponent("HouseOnTheRock.png"), options: .atomic)
        try preview.waitForBuild(after: afterFix)
        let newImage = try #require(firstMatch(of: pattern, in: try preview.get("/onboarding/").body))
        #expect(newImage != oldImage)
        #expect(try preview.get("/onboarding/" + newImage).headers["content-type"] == "image/jpeg")

        #expect(try preview.stop(SIGINT) == 0)
        #expect(preview.standardError.contains("preview stopped (SIGINT)"))
    }

    /// /review/ is the review page of the latest build, framing /onboarding/, rebuilt with it;
    /// while the build has errors it shows them beside their screens.
    @Test func servesTheReviewPageAndRebuildsIt() throws {
        let project = try SampleCopy()
        let preview = try PreviewProcess(appDef: project.appDef)
        try preview.waitForStandardError(containing: "preview build 1: 4 screens, no problems")

        let redirect = try preview.get("/review")
        #expect(redirect.status == 302 && redirect.headers["location"] == "/review/")
        let review = try preview.get("/review/")
        #expect(review.status == 200 && review.headers["content-type"] == "text/html; charset=utf-8")
        #expect(review.body.contains("<iframe src=\"../onboarding/index.html?replay&amp;theme=dark&amp;lang=en#onboarding-slide-4\""))
        #expect(review.body.contains("<script src=\"/__preview/reload.js\"></script>"), "it reloads with every build")
        #expect(review.body.contains("frame-src &#39;self&#39;; base-uri &#39;none&#39;; form-action &#39;none&#39;; connect-src &#39;self&#39;\">"))
        #expect(try preview.get("/review/review.css").headers["content-type"] == "text/css; charset=utf-8")
        #expect(try preview.get("/review/review.js").headers["content-type"] == "text/javascript; charset=utf-8")
        #expect(try preview.get("/review/nothing.js").status == 404)

        // An error: the review says where, beside its screen, and frames nothing.
        let before = try preview.version()
        try project.edit { $0.replacingOccurrences(of: "value=\"#80FF65\"", with: "value=\"green\"") }
        try preview.waitForBuild(after: before)
        let broken = try preview.get("/review/")
        #expect(broken.status == 200)
        #expect(broken.body.contains("The carousel was not built"))
        #expect(broken.body.contains("[invalid-color]") && !broken.body.contains("<iframe"))
        #expect(broken.body.contains("<script src=\"/__preview/reload.js\"></script>"))

        let failed = try preview.version()
        try project.edit { $0.replacingOccurrences(of: "value=\"green\"", with: "value=\"#80FF65\"") }
        try preview.waitForBuild(after: failed)
        #expect(try preview.get("/review/").body.contains("<iframe"))
        #expect(try preview.stop(SIGTERM) == 0)
    }

    @Test func requestsItCannotServeGetTheirStatus() throws {
        let project = try SampleCopy()
        let preview = try PreviewProcess(appDef: project.appDef)
        #expect(try HTTPProbe.exchange(Array("NONSENSE\r\n\r\n".utf8), port: preview.port).status == 400)
        let huge = "GET / HTTP/1.1\r\nX-Padding: " + String(repeating: "a", count: HTTPServerLimits().maxHeaderBytes) + "\r\n\r\n"
        #expect(try HTTPProbe.exchange(Array(huge.utf8), port: preview.port).status == 431)
    }

    /// DNS rebinding: a page elsewhere that points a name of its own at 127.0.0.1 must not read
    /// the preview, its manifest or its error pages. The checks in full are HostCheckTests'.
    @Test func aRequestForAnotherHostIsRefused() throws {
        let project = try SampleCopy()
        let preview = try PreviewProcess(appDef: project.appDef)
        for host in ["evil.example", "evil.example:\(preview.port)", "127.0.0.1.evil.example:\(preview.port)", "127.0.0.1:1"] {
            let reply = try HTTPProbe.request("GET", "/onboarding/onboarding.json", port: preview.port, host: host)
            #expect(reply.status == 421, "\(host)")
            #expect(reply.body.hasPrefix("Misdirected request: this preview answers only at 127.0.0.1:\(preview.port)"), "\(host)")
        }
        let absolute = "GET http://evil.example/onboarding/ HTTP/1.1\r\nHost: 127.0.0.1:\(preview.port)\r\n\r\n"
        #expect(try HTTPProbe.exchange(Array(absolute.utf8), port: preview.port).status == 421)
        #expect(try HTTPProbe.request("GET", "/onboarding/", port: preview.port, host: "LocalHost:\(preview.port)").status == 200)
        let withoutHost = "GET /onboarding/ HTTP/1.1\r\n\r\n"
        #expect(try HTTPProbe.exchange(Array(withoutHost.utf8), port: preview.port).status == 400)
        let oldClient = "GET /onboarding/ HTTP/1.0\r\n\r\n"
        #expect(try HTTPProbe.exchange(Array(oldClient.utf8), port: preview.port).status == 200)
    }

    /// Connections that send nothing once held the server's threads: a hundred of them locked a
    /// browser out. The order of events in full is HTTPServerTests'.
    @Test func aHundredIdleConnectionsDoNotLockARequestOut() throws {
        let project = try SampleCopy()
        let preview = try PreviewProcess(appDef: project.appDef)
        var idle: [Int32] = []
        defer { for descriptor in idle { close(descriptor) } }
        for _ in 0..<120 { idle.append(try HTTPProbe.connectedSocket(port: preview.port)) }
        let reply = try preview.get("/onboarding/")
        #expect(reply.status == 200, "\(reply.body)")
        #expect(reply.body.contains("aria-roledescription=\"carousel\""))
    }

    /// A start URL naming the preview with its port (`http://127.0.0.1:PORT/app`) leads back to it.
    @Test func aStartURLAtThePreviewsOwnPortGetsTheStandInPage() throws {
        let project = try SampleCopy()
        let port = try HTTPProbe.freePort()
        let preview = try PreviewProcess(appDef: project.appDef, port: port, arguments: ["--start-url", "http://127.0.0.1:\(port)/app"])
        let reply = try preview.get("/app")
        #expect(reply.status == 200)
        #expect(reply.body.contains("The app would open here"))
    }

    @Test func anAppDefThatCannotBeReadIsRefusedAtOnce() throws {
        let result = try ToolRunner.run(["preview", "Samples/builders/no-such.appDef", "--port", "0"])
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        // Word for word what lint says of it.
        let lint = try ToolRunner.run(["lint", "Samples/builders/no-such.appDef"])
        let lintLine = try #require(lint.standardOutput.split(separator: "\n").first)
        #expect(lintLine.hasSuffix("[unreadable-file]"))
        #expect(result.standardError.contains(lintLine))
        #expect(result.standardError.contains("error: nothing to preview"))
        // A folder, not a file, the same.
        let folder = try ToolRunner.run(["preview", "Samples", "--port", "0"])
        #expect(folder.status == 1)
        #expect(folder.standardError.contains("Samples:1:1: error: cannot read the file: it is a folder, not a file [unreadable-file]"))
    }
}

/// The first match of a regular expression in `text`.
private func firstMatch(of pattern: String, in text: String) -> String? {
    guard let expression = try? Regex(pattern), let match = text.firstMatch(of: expression) else { return nil }
    return String(text[match.range])
}

#if os(Linux)
    /// The local addresses of the TCP sockets listening on `port`, from /proc/net/tcp and tcp6
    /// (IPv6 ones in their kernel hex form): the kernel's own view, no tool needed.
    private func listeningAddresses(port: UInt16) throws -> [String] {
        var addresses: [String] = []
        for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
            // Read to the end: Foundation reads a /proc file as far as its first page (about
            // 4 KB, some thirty sockets), and a test run holding more sockets hid the listener.
            guard let handle = FileHandle(forReadingAtPath: table), let bytes = try? handle.readToEnd() else { continue }
            let text = String(decoding: bytes, as: UTF8.self)
            for line in text.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ")
                // sl local_address rem_address st ...; state 0A is LISTEN.
                guard fields.count > 3, fields[3] == "0A" else { continue }
                let local = fields[1].split(separator: ":")
                guard local.count == 2, UInt16(local[1], radix: 16) == port else { continue }
                if table.hasSuffix("tcp"), let raw = UInt32(local[0], radix: 16) {
                    // Little-endian hex of the address in network order.
                    addresses.append([raw & 0xFF, raw >> 8 & 0xFF, raw >> 16 & 0xFF, raw >> 24].map(String.init).joined(separator: "."))
                } else {
                    addresses.append("[" + local[0] + "]")
                }
            }
        }
        return addresses
    }
#endif
