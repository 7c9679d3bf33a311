import Foundation
import Testing

/// `--port`: 1 to 65535, or 0 for any free port; anything else is a usage error (64) that says
/// why. Every preview here names a missing appDef, so that one that accepted its port stops at
/// once with 1 instead of serving; the time limit ends a hang.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct PortOptionTests {
    @Test(arguments: ["-1", "65536", "70000"]) func aPortOutOfRangeIsRefusedAsSuch(_ port: String) throws {
        let result = try ToolRunner.run(["preview", "Samples/builders/no-such.appDef", "--port", port])
        #expect(result.status == 64)
        #expect(
            result.standardError.hasPrefix(
                "Error: The value '\(port)' is out of range for '--port <port>': give a port from 1 to 65535, or 0 for any free port\n"))
        #expect(result.standardOutput.isEmpty)
    }

    @Test func aPortThatIsNotANumberIsRefused() throws {
        let result = try ToolRunner.run(["preview", "Samples/builders/no-such.appDef", "--port", "http"])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: The value 'http' is invalid for '--port <port>'"))
    }

    /// The ends of the range are accepted: the preview then goes on to read the appDef, which
    /// is missing here, so it stops with 1 instead of serving.
    @Test(arguments: ["0", "65535"]) func aPortInRangeIsAccepted(_ port: String) throws {
        let result = try ToolRunner.run(["preview", "Samples/builders/no-such.appDef", "--port", port])
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.standardError.contains("error: nothing to preview"))
    }
}
