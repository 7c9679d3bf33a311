// Every input is what a client sent the preview's server: it goes through the request parser,
// whole and cut in two, and what the parser reads goes through the Host check.
import FuzzDriver
import PreviewServer

/// Small, so that inputs reach the limit and its failure as often as the rest.
private let limit = 1024

private func parseRequest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    var whole = HTTPRequestParser(limit: limit)
    let outcome = whole.append(bytes)

    // Cut where the first byte says: the outcome does not depend on how the bytes arrive.
    let cut = bytes.first.map { Int($0) * bytes.count / 256 } ?? 0
    var pieces = HTTPRequestParser(limit: limit)
    var piecewise = pieces.append(bytes[..<cut])
    if piecewise == .incomplete { piecewise = pieces.append(bytes[cut...]) }
    if piecewise != outcome {
        fatalError("cut at \(cut): \(piecewise), whole: \(outcome)")
    }

    guard case .complete(let request) = outcome else { return 0 }
    // What was read is what its own head says, read again.
    let head =
        "\(request.method) \(request.target) HTTP/1.\(request.minorVersion)\r\n"
        + request.fields.map { "\($0.name): \($0.value)\r\n" }.joined() + "\r\n"
    if HTTPRequestParser.parse(head: Array(head.utf8)) != outcome {
        fatalError("read again differently: \(head.debugDescription)")
    }
    // The Host check names nothing but the loopback address and its port.
    let server = LoopbackAuthority(port: 8000)
    for name in request.values(of: "Host") + [request.targetAuthority].compactMap({ $0 }) where server.names(name) {
        let lowercased = name.lowercased()
        if !LoopbackAuthority.hosts.contains(where: { lowercased.hasPrefix($0 + ":") && lowercased.hasSuffix("8000") }) {
            fatalError("the check named \(name.debugDescription)")
        }
    }
    return 0
}

@main
struct FuzzPreviewRequest {
    static func main() {
        runFuzzer { data, size in parseRequest(data, size) }
    }
}
