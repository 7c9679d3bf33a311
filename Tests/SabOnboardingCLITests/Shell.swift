import Foundation

/// Runs a shell and returns its standard output; a shell that is missing or fails is an error.
enum Shell {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func run(_ shell: String, _ arguments: [String]) throws -> String {
        let result = try ToolRunner.run(URL(fileURLWithPath: "/usr/bin/env"), [shell] + arguments)
        guard result.status == 0 else {
            throw Failure(description: "\(shell) exited with \(result.status) (is it installed? make test installs it): \(result.standardError)")
        }
        return result.standardOutput
    }
}
