import Testing

@testable import PreviewServer

/// Which names a request may use for the preview (DNS rebinding): its loopback address and port.
struct HostCheckTests {
    private let authority = LoopbackAuthority(port: 8000)

    @Test(arguments: ["127.0.0.1:8000", "localhost:8000", "LocalHost:8000", "LOCALHOST:8000", "[::1]:8000", "127.0.0.1:08000"])
    func theServersNamesWithItsPort(_ host: String) {
        #expect(authority.names(host))
    }

    @Test(arguments: [
        "", "evil.example", "evil.example:8000", "127.0.0.1", "localhost", "127.0.0.1:80", "127.0.0.1:8001", "127.0.0.1:8000.",
        "localhost.:8000", "127.0.0.1.evil.example:8000", "user@127.0.0.1:8000", "127.0.0.1:8000/", "127.0.0.1:8000:8000",
        "127.0.0.1:+8000", "127.0.0.1: 8000", "127.0.0.1:000008000", "[::1]", "[::1]8000", "::1:8000", "[::2]:8000", "[::1:8000",
        "0.0.0.0:8000", "127.0.0.2:8000", "2130706433:8000", "localhost\u{0}:8000", "ｌocalhost:8000",
    ])
    func anyOtherName(_ host: String) {
        #expect(!authority.names(host), "\(host.debugDescription)")
    }

    @Test func withoutAPortTheNameMeansPort80() {
        let web = LoopbackAuthority(port: 80)
        #expect(web.names("127.0.0.1") && web.names("localhost") && web.names("[::1]") && web.names("localhost:"))
        #expect(web.names("127.0.0.1:80") && !web.names("127.0.0.1:8000"))
    }

    private func request(_ head: String) throws -> HTTPRequest {
        guard case .complete(let request) = HTTPRequestParser.parse(head: Array(head.utf8)) else {
            throw PreviewTestFailure(description: "not a request: \(head.debugDescription)")
        }
        return request
    }

    @Test func aRequestIsServedWhenEveryNameItUsesIsTheServers() throws {
        let check = HostCheck(authority: authority)
        #expect(check.refusal(of: try request("GET / HTTP/1.1\r\nHost: localhost:8000\r\n")) == nil)
        #expect(check.refusal(of: try request("GET http://127.0.0.1:8000/ HTTP/1.1\r\nHost: 127.0.0.1:8000\r\n")) == nil)
        // HTTP/1.0 may come without Host: browsers always send it, so no page elsewhere can use that.
        #expect(check.refusal(of: try request("GET / HTTP/1.0\r\n")) == nil)
        #expect(check.refusal(of: try request("GET http://localhost:8000/x HTTP/1.0\r\n")) == nil)

        let misdirected = [
            "GET / HTTP/1.1\r\nHost: evil.example:8000\r\n", "GET / HTTP/1.0\r\nHost: evil.example\r\n",
            "GET http://evil.example/ HTTP/1.1\r\nHost: 127.0.0.1:8000\r\n", "GET http://127.0.0.1:8000/ HTTP/1.1\r\nHost: evil.example\r\n",
            "GET http://evil.example/ HTTP/1.0\r\n", "GET / HTTP/1.1\r\nHost:\r\n",
        ]
        for head in misdirected {
            let refusal = check.refusal(of: try request(head))
            #expect(refusal?.status == 421, "\(head.debugDescription)")
            #expect(
                refusal.map { String(decoding: $0.body, as: UTF8.self) }
                    == "Misdirected request: this preview answers only at 127.0.0.1:8000 or localhost:8000.\n")
        }
        let withoutHost = check.refusal(of: try request("GET / HTTP/1.1\r\n"))
        #expect(withoutHost?.status == 400)
        #expect(withoutHost.map { String(decoding: $0.body, as: UTF8.self) } == "Bad request: an HTTP/1.1 request needs a Host header.\n")
        let twice = check.refusal(of: try request("GET / HTTP/1.1\r\nHost: 127.0.0.1:8000\r\nhost: 127.0.0.1:8000\r\n"))
        #expect(twice?.status == 400)
        #expect(twice.map { String(decoding: $0.body, as: UTF8.self) } == "Bad request: more than one Host header.\n")
    }
}
