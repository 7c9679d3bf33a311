import Foundation
import Testing

/// Runs the built `sab-onboarding` binary as a user would, and captures what it prints.
struct ToolRunner {
    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The binary beside the test bundle in the build folder.
    static let executable: URL = {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = testBinary.deletingLastPathComponent()
        // On Linux the runner is `…/debug/<package>PackageTests.xctest`; on macOS it is inside the bundle.
        while !FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("sab-onboarding").path),
            folder.path != "/"
        {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("sab-onboarding")
    }()

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs a shell command line; returns its exit status.
    static func shell(_ command: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    static func run(
        _ arguments: [String], in directory: URL = packageRoot, environment: [String: String] = [:]
    ) throws -> Result {
        try run(executable, arguments, in: directory, environment: environment)
    }

    /// Runs any program, with no standard input, and captures what it prints.
    static func run(
        _ program: URL, _ arguments: [String], in directory: URL = packageRoot, environment: [String: String] = [:]
    ) throws -> Result {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        process.environment = env
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes before waiting, so that a large output cannot fill a pipe and block.
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self))
    }
}
