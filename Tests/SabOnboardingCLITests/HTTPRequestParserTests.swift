import PreviewServer
import Testing

/// The request parser alone: bytes in, a request or a failure out.
struct HTTPRequestParserTests {
    private static func parsed(_ text: String, limit: Int = 16 * 1024) -> HTTPRequestParser.Outcome {
        var parser = HTTPRequestParser(limit: limit)
        return parser.append(Array(text.utf8))
    }

    private static func request(_ text: String) throws -> HTTPRequest {
        guard case .complete(let request) = parsed(text) else {
            throw PreviewTestFailure(description: "not a request: \(parsed(text))")
        }
        return request
    }

    @Test func aBrowsersRequest() throws {
        let request = try Self.request(
            "GET /onboarding/screens/1.html?replay&x=%20 HTTP/1.1\r\nHost: 127.0.0.1:8000\r\nUser-Agent: Test/1.0\r\n"
                + "Accept:text/html,*/*;q=0.8 \t\r\nX-Empty:\r\n\r\n")
        #expect(request.method == "GET")
        #expect(request.target == "/onboarding/screens/1.html?replay&x=%20")
        #expect(request.path == "/onboarding/screens/1.html")
        #expect(request.query == "replay&x=%20")
        #expect(request.minorVersion == 1)
        #expect(request.targetAuthority == nil)
        #expect(
            request.fields == [
                HTTPRequest.Field(name: "Host", value: "127.0.0.1:8000"), HTTPRequest.Field(name: "User-Agent", value: "Test/1.0"),
                HTTPRequest.Field(name: "Accept", value: "text/html,*/*;q=0.8"), HTTPRequest.Field(name: "X-Empty", value: ""),
            ])
        #expect(request.values(of: "host") == ["127.0.0.1:8000"])
        #expect(request.values(of: "Cookie") == [])
    }

    @Test func linesMayEndWithLineFeedsAlone() throws {
        let request = try Self.request("HEAD / HTTP/1.0\nHost: localhost\n\n")
        #expect(request.method == "HEAD" && request.path == "/" && request.minorVersion == 0)
        #expect(request.values(of: "HOST") == ["localhost"])
    }

    @Test func theMethodIsTakenInCapitals() throws {
        #expect(try Self.request("get / HTTP/1.1\r\n\r\n").method == "GET")
    }

    @Test func anAbsoluteFormTargetNamesItsAuthority() throws {
        let request = try Self.request("GET http://evil.example:8000/onboarding/?a=b#frag HTTP/1.1\r\n\r\n")
        #expect(request.targetAuthority == "evil.example:8000")
        #expect(request.path == "/onboarding/")
        #expect(request.query == "a=b")
        let bare = try Self.request("GET HTTP://Evil.Example HTTP/1.1\r\n\r\n")
        #expect(bare.targetAuthority == "Evil.Example" && bare.path == "/" && bare.query.isEmpty)
        let queryOnly = try Self.request("GET http://127.0.0.1:1?x HTTP/1.1\r\n\r\n")
        #expect(queryOnly.targetAuthority == "127.0.0.1:1" && queryOnly.path == "/" && queryOnly.query == "x")
        let other = try Self.request("OPTIONS * HTTP/1.1\r\n\r\n")
        #expect(other.targetAuthority == nil && other.path == "*")
    }

    @Test func aFragmentIsNoPartOfThePath() throws {
        let request = try Self.request("GET /a#b?c HTTP/1.1\r\n\r\n")
        #expect(request.path == "/a" && request.query.isEmpty)
    }

    @Test(arguments: [
        "NONSENSE\r\n\r\n", "\r\n\r\n", "GET  / HTTP/1.1\r\n\r\n", "GET / HTTP/1.1 \r\n\r\n", "GET /\u{1} HTTP/1.1\r\n\r\n",
        "GET /é HTTP/1.1\r\n\r\n", "GET / HTTP/1\r\n\r\n", "GET / HTTPS/1.1\r\n\r\n", "GET / http/1.1\r\n\r\n", "G(T / HTTP/1.1\r\n\r\n",
        "GET / HTTP/1.1\r\nNo colon\r\n\r\n", "GET / HTTP/1.1\r\nHost : x\r\n\r\n", "GET / HTTP/1.1\r\n: x\r\n\r\n",
        "GET / HTTP/1.1\r\nA: b\r\n folded\r\n\r\n", "GET / HTTP/1.1\r\nA: b\rc\r\n\r\n", "GET / HTTP/1.1\r\nA: b\u{0}c\r\n\r\n",
        "GET / HTTP/1.1\r\nA: b\u{7F}\r\n\r\n", "\r\nGET / HTTP/1.1\r\n\r\n", "GET / HTTP/1.10\r\n\r\n",
    ])
    func whatIsNotARequestLineAndHeadersIsMalformed(_ text: String) {
        #expect(Self.parsed(text) == .failed(.malformed), "\(text.debugDescription)")
    }

    @Test func anotherMajorVersionIsNotSupported() {
        #expect(Self.parsed("GET / HTTP/2.0\r\n\r\n") == .failed(.unsupportedVersion))
        #expect(Self.parsed("GET / HTTP/0.9\r\n\r\n") == .failed(.unsupportedVersion))
    }

    @Test func theLimitCountsTheBlankLine() {
        let head = "GET / HTTP/1.1\r\nA: bc\r\n\r\n"
        #expect(Self.parsed(head, limit: head.utf8.count) != .failed(.tooLarge))
        #expect(Self.parsed(head, limit: head.utf8.count - 1) == .failed(.tooLarge))
        #expect(Self.parsed("GET / HTTP/1.1\r\nA: b", limit: 16) == .failed(.tooLarge), "no blank line within the limit")
        #expect(Self.parsed("GET / HTTP/1.1\r\nA: b", limit: 64) == .incomplete)
    }

    /// The outcome does not depend on how the bytes are cut into reads.
    @Test func byteByByteAsWhole() {
        let texts = [
            "GET /a?b HTTP/1.1\r\nHost: x\r\n\r\n", "GET / HTTP/1.0\n\n", "GET / HTTP/1.1\r\n\n", "GET / HTTP/1.1\n\r\n",
            "BAD\r\n\r\n", "GET / HTTP/1.1\r\nHost: x\r\n\r\nbody after the head",
        ]
        for text in texts {
            var parser = HTTPRequestParser()
            var outcome = HTTPRequestParser.Outcome.incomplete
            for byte in text.utf8 {
                outcome = parser.append([byte])
                if outcome != .incomplete { break }
            }
            #expect(outcome == Self.parsed(text), "\(text.debugDescription)")
            #expect(outcome != .incomplete, "\(text.debugDescription)")
        }
    }

    @Test func anOutcomeStaysOnceReached() {
        var parser = HTTPRequestParser()
        #expect(parser.append(Array("GET / HTTP/1.1\r\n".utf8)) == .incomplete)
        let outcome = parser.append(Array("\r\n".utf8))
        guard case .complete = outcome else {
            Issue.record("not complete: \(outcome)")
            return
        }
        #expect(parser.append(Array("GET /other HTTP/1.1\r\n\r\n".utf8)) == outcome)
        var failed = HTTPRequestParser()
        #expect(failed.append(Array("BAD\r\n\r\n".utf8)) == .failed(.malformed))
        #expect(failed.append(Array("GET / HTTP/1.1\r\n\r\n".utf8)) == .failed(.malformed))
    }
}
