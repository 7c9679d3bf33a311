import FlyingFox
import FlyingSocks
import Foundation

/// The preview's HTTP server: FlyingFox on 127.0.0.1 only, never on all interfaces, answering
/// every request with ``PreviewRoutes`` over the site's latest snapshot.
struct PreviewServer: Sendable {
    /// The only address the preview listens on.
    static let host = "127.0.0.1"

    private let http: HTTPServer

    /// A server for `site` on `port` of 127.0.0.1 (`0`: a free port). Nothing listens before ``start()``.
    init(port: UInt16, site: PreviewSite, routes: PreviewRoutes) throws {
        http = HTTPServer(
            address: try .inet(ip4: Self.host, port: port),
            timeout: 30,
            logger: .disabled,
            handler: Handler(site: site, routes: routes))
    }

    /// Starts listening and returns the port; the server goes on in the background until ``stop()``.
    /// Throws when it cannot listen (the port is taken, say).
    func start() async throws -> UInt16 {
        let (events, outcome) = AsyncStream<Result<Void, any Error>>.makeStream()
        Task { [http] in
            do {
                try await http.run()
            } catch {
                outcome.yield(.failure(error))
            }
            outcome.finish()
        }
        let listening = Task { [http] in
            do {
                try await http.waitUntilListening(timeout: 10)
                outcome.yield(.success(()))
            } catch {
                outcome.yield(.failure(error))
            }
        }
        defer { listening.cancel() }
        for await event in events {
            try event.get()
            guard case .ip4(_, let port) = await http.listeningAddress else { break }
            return port
        }
        throw SocketError.disconnected
    }

    /// Closes the listening socket and the connections, giving requests in flight a moment (the
    /// preview's answers come from memory).
    func stop() async {
        await http.stop(timeout: 0.2)
    }

    /// FlyingFox's side of the routes.
    private struct Handler: HTTPHandler {
        let site: PreviewSite
        let routes: PreviewRoutes

        func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
            let reply = routes.reply(
                method: request.method.rawValue.uppercased(), target: request.target.path(percentEncoded: true),
                query: request.target.query(percentEncoded: true), site: await site.snapshot)
            var headers = HTTPHeaders()
            for (name, value) in reply.headers {
                headers[HTTPHeader(name)] = value
            }
            var body = Data(reply.body)
            if request.method == .HEAD {
                headers[.contentLength] = String(body.count)
                body = Data()
            }
            return HTTPResponse(statusCode: Self.status(reply.status), headers: headers, body: body)
        }

        private static func status(_ code: Int) -> HTTPStatusCode {
            switch code {
            case 200: .ok
            case 302: .found
            case 400: .badRequest
            case 404: .notFound
            case 405: .methodNotAllowed
            case 500: .internalServerError
            default: HTTPStatusCode(code, phrase: "Status \(code)")
            }
        }
    }
}
