import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A running `sab-onboarding preview --port 0`, with its port read from its one line of output.
/// Its waits have no deadline of their own: the suites' time limits end a preview that hangs.
final class PreviewProcess {
    private let process = Process()
    private let output = OutputBuffer()
    private let errors = OutputBuffer()
    private(set) var port: UInt16 = 0

    var standardOutput: String { output.text }
    var standardError: String { errors.text }

    init(appDef: URL, port: UInt16 = 0, arguments: [String] = []) throws {
        process.executableURL = ToolRunner.executable
        process.arguments = ["preview", appDef.path, "--port", String(port)] + arguments
        process.currentDirectoryURL = appDef.deletingLastPathComponent()
        process.standardInput = FileHandle.nullDevice
        let (outputPipe, errorPipe) = (Pipe(), Pipe())
        output.collect(from: outputPipe)
        errors.collect(from: errorPipe)
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        try process.run()

        try Polling.until { output.text.contains("\n") || !process.isRunning }
        guard process.isRunning || output.text.contains("\n") else {
            process.waitUntilExit()
            try Polling.until { errors.isComplete }
            throw PreviewTestFailure(description: "preview exited with status \(process.terminationStatus) before serving: \(standardError)")
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

    /// Waits until a build newer than `version` is published.
    func waitForBuild(after version: Int) throws {
        try Polling.until { try self.version() > version }
    }

    func waitForStandardError(containing text: String) throws {
        try Polling.until { self.standardError.contains(text) }
    }

    /// Sends `signal` and returns the exit status, once everything it printed is read.
    func stop(_ signal: Int32) throws -> Int32 {
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        try Polling.until { output.isComplete && errors.isComplete }
        return process.terminationStatus
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }
}
