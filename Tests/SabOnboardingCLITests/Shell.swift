import Foundation

/// Runs a shell and returns its standard output; a shell that is missing or fails is an error.
enum Shell {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func run(_ shell: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [shell] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(shell) exited with \(process.terminationStatus) (is it installed? make test installs it): \(errorText)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
