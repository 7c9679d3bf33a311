import Foundation
import OnboardingKit
import Testing

@testable import SabOnboardingCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `sab-onboarding preview`, run as a user would: the built binary on a copy of the builders
/// sample, spoken to over HTTP on 127.0.0.1 with a raw socket (no URL normalisation in the way).
@Suite(.serialized)
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
        let image = try #require(firstMatch(of: #"images/RainAndFloods-[0-9a-f]+\.jpg"#, in: carousel.body))
        let jpeg = try preview.get("/onboarding/" + image)
        #expect(jpeg.status == 200 && jpeg.headers["content-type"] == "image/jpeg")
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
        try project.edit { $0.replacingOccurrences(of: "<translation>Onboarding Title</translation>", with: "<translation>Changed &amp; previewed</translation>") }
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
        let pattern = #"images/HouseOnTheRock-[0-9a-f]+\.png"#
        let oldImage = try #require(firstMatch(of: pattern, in: fixed.body))
        let images = project.folder.appendingPathComponent("images/onboarding")
        let afterFix = try preview.version()
        try Data(contentsOf: images.appendingPathComponent("WiseAndFoolishBuilders.png"))
            .write(to: images.appendingPathComponent("HouseOnTheRock.png"), options: .atomic)
        try preview.waitForBuild(after: afterFix)
        let newImage = try #require(firstMatch(of: pattern, in: try preview.get("/onboarding/").body))
        #expect(newImage != oldImage)
        #expect(try preview.get("/onboarding/" + newImage).headers["content-type"] == "image/png")

        #expect(try preview.stop(SIGINT) == 0)
        #expect(preview.standardError.contains("preview stopped (SIGINT)"))
    }

    @Test func requestsItCannotServeGetTheirStatus() throws {
        let project = try SampleCopy()
        let preview = try PreviewProcess(appDef: project.appDef)
        #expect(try HTTPProbe.exchange(Array("NONSENSE\r\n\r\n".utf8), port: preview.port).status == 400)
        let huge = "GET / HTTP/1.1\r\nX-Padding: " + String(repeating: "a", count: PreviewServer.maxHeaderBytes) + "\r\n\r\n"
        #expect(try HTTPProbe.exchange(Array(huge.utf8), port: preview.port).status == 431)
        // A request line and no end of headers: answered when the time for them is up.
        let started = Date()
        #expect(try HTTPProbe.exchange(Array("GET / HTTP/1.1\r\n".utf8), port: preview.port).status == 408)
        #expect(Date().timeIntervalSince(started) >= 4)
    }

    @Test func connectionsBeyondTheLimitAreTurnedAwayWhileTheOthersAreServed() throws {
        let project = try SampleCopy()
        let preview = try PreviewProcess(appDef: project.appDef)
        // Connections that send nothing hold their places until the request timeout.
        var idle: [Int32] = []
        defer { idle.forEach { close($0) } }
        for _ in 0..<PreviewServer.maxConnections { idle.append(try HTTPProbe.connectedSocket(port: preview.port)) }
        try eventually("the server to take every idle connection") {
            try HTTPProbe.request("GET", "/onboarding/", port: preview.port).status == 503
        }
        let busy = try HTTPProbe.request("GET", "/onboarding/", port: preview.port)
        #expect(busy.body == "Busy: too many connections.\n")
        idle.forEach { close($0) }
        idle = []
        // Well within the request timeout, after which idle connections would free themselves.
        try eventually("the server to serve again once the idle connections are gone", within: 2) {
            try HTTPProbe.request("GET", "/onboarding/", port: preview.port).status == 200
        }
    }

    @Test func aClientThatKeepsSendingAfterItsAnswerIsCutOff() throws {
        let project = try SampleCopy()
        let preview = try PreviewProcess(appDef: project.appDef)
        let descriptor = try HTTPProbe.connectedSocket(port: preview.port)
        defer { close(descriptor) }
        let request = Array("GET /onboarding/ HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        #expect(request.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == request.count)
        // A byte every 200 ms: each would renew a per-read timeout. The server must close the
        // connection within its linger of a second, after which a send fails.
        let started = Date()
        var byte: UInt8 = 0x20
        while send(descriptor, &byte, 1, Int32(MSG_NOSIGNAL)) == 1 {
            guard Date().timeIntervalSince(started) < 5 else {
                Issue.record("the server still reads from the connection after 5 s")
                return
            }
            Thread.sleep(forTimeInterval: 0.2)
        }
        #expect(Date().timeIntervalSince(started) < 3)
    }

    private func eventually(_ what: String, within seconds: TimeInterval = 10, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while try !condition() {
            guard Date() < deadline else { throw PreviewTestFailure(description: "no \(what) within \(Int(seconds)) s") }
            Thread.sleep(forTimeInterval: 0.05)
        }
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

    @Test func aStartURLElsewhereOnTheServerGetsTheStandInPage() throws {
        #expect(PreviewRoutes.standInPath(for: "../") == "/")
        #expect(PreviewRoutes.standInPath(for: "../index.html") == "/index.html")
        #expect(PreviewRoutes.standInPath(for: "../app/?from=onboarding") == "/app/")
        #expect(PreviewRoutes.standInPath(for: "/home") == "/home")
        #expect(PreviewRoutes.standInPath(for: "https://example.org/") == nil)
        #expect(PreviewRoutes.standInPath(for: "//example.org/") == nil)
        #expect(PreviewRoutes.standInPath(for: "index.html") == nil, "inside the output: the output's own file")

        let routes = PreviewRoutes(startURL: "../app/")
        let site = PreviewSite.Snapshot(version: 3, files: ["index.html": Array("<html><head></head></html>".utf8)], diagnostics: [], failed: false)
        #expect(routes.reply(method: "GET", target: "/app/", site: site).status == 200)
        #expect(routes.reply(method: "GET", target: "/", site: site).status == 200)
        #expect(routes.reply(method: "GET", target: "/__preview/version", site: site).body == Array("3\n".utf8))
        #expect(routes.reply(method: "GET", target: "/onboarding/", site: site).body
            == Array("<html><head><meta name=\"sab-preview-version\" content=\"3\">\n<script src=\"/__preview/reload.js\"></script>\n</head></html>".utf8))
    }

    @Test func theErrorPageEscapesWhatTheDiagnosticsSay() {
        let diagnostic = Diagnostic(
            ruleID: "invalid-color", severity: .error, location: SourceLocation(file: "a<b>.appDef", line: 2, column: 3),
            message: "'<script>alert(1)</script>' is not a colour", notes: ["\"&\" too"])
        let page = PreviewPages.errorPage(diagnostics: [diagnostic], version: 7)
        #expect(!page.contains("<script>alert"))
        #expect(page.contains("&#39;&lt;script&gt;alert(1)&lt;/script&gt;&#39; is not a colour"))
        #expect(page.contains("a&lt;b&gt;.appDef:2:3"))
        #expect(page.contains("&quot;&amp;&quot; too"))
        #expect(page.contains("<meta name=\"sab-preview-version\" content=\"7\">"))
    }

    @Test func thePolicyAllowsConnectionsToItselfAndNothingMore() {
        let allow = PreviewHTMLRewriter.allowingConnections(policy:)
        #expect(allow("default-src 'none'; script-src 'self'") == "default-src 'none'; script-src 'self'; connect-src 'self'")
        #expect(allow("default-src 'none'; connect-src 'none';") == "default-src 'none'; connect-src 'self'")
        #expect(allow("connect-src https://example.org") == "connect-src https://example.org 'self'")
        #expect(allow("connect-src 'self'") == "connect-src 'self'")

        let page = #"<META HTTP-EQUIV="Content-Security-Policy" CONTENT="default-src &#39;none&#39;"><meta name="x" content="connect-src">"#
        #expect(PreviewHTMLRewriter.allowingConnections(in: page)
            == #"<META HTTP-EQUIV="Content-Security-Policy" CONTENT="default-src &#39;none&#39;; connect-src &#39;self&#39;"><meta name="x" content="connect-src">"#)
        #expect(PreviewHTMLRewriter.rewrite("<p>no head</p>", inserting: "<x>") == "<p>no head</p><x>")
        #expect(PreviewHTMLRewriter.rewrite("<html><body></body></html>", inserting: "<x>") == "<html><x><body></body></html>")
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

// MARK: - Helpers

/// A copy of Samples/builders in a temporary folder, removed when the test ends.
private final class SampleCopy {
    let folder: URL
    var appDef: URL { folder.appendingPathComponent("builders.appDef") }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sab-preview-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: ToolRunner.packageRoot.appendingPathComponent("Samples/builders"), to: folder)
    }

    /// Rewrites the appDef in place, as an editor saves it.
    func edit(_ change: (String) -> String) throws {
        let text = try String(contentsOf: appDef, encoding: .utf8)
        let changed = change(text)
        #expect(changed != text, "the edit changes the appDef")
        try changed.write(to: appDef, atomically: true, encoding: .utf8)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }
}

struct PreviewTestFailure: Error, CustomStringConvertible {
    var description: String
}

/// Collects what a pipe delivers, from Foundation's reading thread.
private final class OutputBuffer: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func append(_ chunk: Data) {
        lock.lock()
        data.append(chunk)
        lock.unlock()
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: data, as: UTF8.self)
    }
}

/// A running `sab-onboarding preview --port 0`, with its port read from its one line of output.
private final class PreviewProcess {
    private let process = Process()
    private let output = OutputBuffer()
    private let errors = OutputBuffer()
    private(set) var port: UInt16 = 0

    var standardOutput: String { output.text }
    var standardError: String { errors.text }

    init(appDef: URL, port: UInt16 = 0) throws {
        process.executableURL = ToolRunner.executable
        process.arguments = ["preview", appDef.path, "--port", String(port)]
        process.currentDirectoryURL = appDef.deletingLastPathComponent()
        process.standardInput = FileHandle.nullDevice
        for (pipe, buffer) in [(Pipe(), output), (Pipe(), errors)] {
            pipe.fileHandleForReading.readabilityHandler = { handle in
                let chunk = handle.availableData
                if chunk.isEmpty { handle.readabilityHandler = nil } else { buffer.append(chunk) }
            }
            if buffer === output { process.standardOutput = pipe } else { process.standardError = pipe }
        }
        try process.run()

        let deadline = Date().addingTimeInterval(30)
        while !output.text.contains("\n") {
            guard process.isRunning else {
                process.waitUntilExit()
                Thread.sleep(forTimeInterval: 0.2)  // for the rest of what it printed
                throw PreviewTestFailure(description: "preview exited with status \(process.terminationStatus) before serving: \(standardError)")
            }
            guard Date() < deadline else {
                throw PreviewTestFailure(description: "preview printed no 'Serving' line within 30 s; standard error: \(standardError)")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        let line = output.text
        guard let match = line.firstMatch(of: /^Serving http:\/\/127\.0\.0\.1:(\d+)\/ \(Ctrl-C to stop\)\n$/), let port = UInt16(match.1)
        else {
            throw PreviewTestFailure(description: "unexpected first line: \(line.debugDescription)")
        }
        self.port = port
    }

    func get(_ target: String) throws -> HTTPProbe.Reply {
        try request("GET", target)
    }

    func request(_ method: String, _ target: String) throws -> HTTPProbe.Reply {
        try HTTPProbe.request(method, target, port: port)
    }

    /// The build counter.
    func version() throws -> Int {
        let text = try get("/__preview/version").body.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let version = Int(text) else { throw PreviewTestFailure(description: "not a version: \(text.debugDescription)") }
        return version
    }

    /// Waits (at most 20 s) until a build newer than `version` is published.
    func waitForBuild(after version: Int) throws {
        try eventually("a build after build \(version)") { try self.version() > version }
    }

    func waitForStandardError(containing text: String) throws {
        try eventually("standard error showing \(text.debugDescription)") { self.standardError.contains(text) }
    }

    private func eventually(_ what: String, within seconds: TimeInterval = 20, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while try !condition() {
            guard Date() < deadline else {
                throw PreviewTestFailure(description: "no \(what) within \(Int(seconds)) s; standard error: \(standardError)")
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }

    /// Sends `signal` and returns the exit status, or `nil` when it did not exit within 5 s.
    func stop(_ signal: Int32) throws -> Int32? {
        kill(process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning {
            guard Date() < deadline else { return nil }
            Thread.sleep(forTimeInterval: 0.05)
        }
        process.waitUntilExit()
        // What it printed last may still be in the pipe.
        Thread.sleep(forTimeInterval: 0.2)
        return process.terminationStatus
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }
}

/// HTTP/1.1 over a plain socket to 127.0.0.1: the request target goes out exactly as written.
enum HTTPProbe {
    struct Reply {
        var status: Int
        /// Lowercased names.
        var headers: [String: String]
        var body: String
    }

    static func request(_ method: String, _ target: String, port: UInt16) throws -> Reply {
        let request = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n"
        return try exchange(Array(request.utf8), port: port)
    }

    /// Sends `bytes` as they are (a request, or less, or nonsense) and reads the reply until
    /// the server closes the connection.
    static func exchange(_ bytes: [UInt8], port: UInt16) throws -> Reply {
        let descriptor = try connectedSocket(port: port)
        defer { close(descriptor) }
        guard bytes.isEmpty || bytes.withUnsafeBytes({ send(descriptor, $0.baseAddress, $0.count, 0) }) == bytes.count else {
            throw PreviewTestFailure(description: "send: errno \(errno)")
        }
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw PreviewTestFailure(description: "recv: errno \(errno) after \(response.count) bytes") }
            if count == 0 { break }
            response += buffer[..<count]
        }
        return try parse(response)
    }

    /// A socket connected to the server, which the caller closes; replies wait at most 10 s.
    static func connectedSocket(port: UInt16) throws -> Int32 {
        #if os(Linux)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw PreviewTestFailure(description: "socket: errno \(errno)") }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))

        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let code = errno
            close(descriptor)
            throw PreviewTestFailure(description: "connect to 127.0.0.1:\(port): errno \(code)")
        }
        return descriptor
    }

    private static func parse(_ bytes: [UInt8]) throws -> Reply {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else { throw PreviewTestFailure(description: "no HTTP header in \(text.debugDescription)") }
        let lines = text[..<end.lowerBound].components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw PreviewTestFailure(description: "bad status line \(lines[0].debugDescription)")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Reply(status: status, headers: headers, body: String(text[end.upperBound...]))
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
            guard let text = try? String(contentsOfFile: table, encoding: .utf8) else { continue }
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
