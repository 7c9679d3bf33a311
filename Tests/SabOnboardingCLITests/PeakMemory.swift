import Foundation

/// The most memory a run of the tool held at once, as the kernel counted it for the process
/// (`wait4`'s resource usage): what a CI machine or a small container sees.
///
/// The tool is started by a small Python process, not by the test process: Linux carries the
/// peak of the process that starts a program over into the program's own count, and the test
/// process is large.
enum PeakMemory {
    struct Run {
        var status: Int
        /// Peak resident set size, in bytes.
        var peakBytes: Int
    }

    struct UnexpectedOutput: Error {
        let output: String
    }

    private static let starter = """
        import os, sys
        pid = os.fork()
        if pid == 0:
            null = os.open(os.devnull, os.O_RDWR)
            for descriptor in (0, 1, 2): os.dup2(null, descriptor)
            os.execv(sys.argv[1], sys.argv[1:])
        _, status, usage = os.wait4(pid, 0)
        print(os.waitstatus_to_exitcode(status), usage.ru_maxrss * (1 if sys.platform == "darwin" else 1024))
        """

    /// Runs the tool with `arguments` (paths absolute), output discarded, and waits for it.
    static func run(_ arguments: [String]) throws -> Run {
        let output = try Shell.run("python3", ["-c", starter, ToolRunner.executable.path] + arguments)
        let fields = output.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard fields.count == 2 else { throw UnexpectedOutput(output: output) }
        return Run(status: fields[0], peakBytes: fields[1])
    }
}
