#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program run to its end: started without a shell and with no environment, its standard
/// input `/dev/null`, the lines it writes to standard output and error that the caller asks
/// for kept (every other line read and dropped, however much it writes), and killed when it
/// runs longer than it may. Foundation's `Process` would do it, but the tool
/// links no Foundation (it starts in a millisecond, and runs where no Swift is installed).
struct ProgramRun {
    /// How the program ended: its exit status, or `nil` when it was killed (by a signal, or for
    /// running too long).
    var status: Int32?
    /// The lines it wrote to standard output and error that were kept, in order, without
    /// their line ends.
    var lines: [String]
    /// Whether lines to keep were dropped past ``keptLimit``.
    var linesDropped: Bool
    /// Whether it was killed for running longer than it may.
    var timedOut: Bool

    /// The most bytes of lines kept: a program told to read hostile input may be made to print
    /// without end, and is never blocked writing it.
    static let keptLimit = 1 << 20
    /// The longest line read whole; a longer one is judged by its first this many bytes.
    static let lineLimit = 4096

    /// Runs `path` with `arguments` (not including its name) for at most `seconds`, keeping
    /// the lines of its output for which `keeping` holds (all when not given); `nil` when it
    /// cannot be started.
    static func run(_ path: String, arguments: [String], seconds: Int, keeping: (String) -> Bool = { _ in true }) -> ProgramRun? {
        var pipeEnds: [Int32] = [-1, -1]
        // Closed on exec, so that a program another thread starts does not hold the write end.
        // (pipe2, which would do it at once, is not in Swift's Glibc: a program started by
        // another thread in between holds it until that program ends, which only waits.)
        guard pipe(&pipeEnds) == 0 else { return nil }
        _ = fcntl(pipeEnds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(pipeEnds[1], F_SETFD, FD_CLOEXEC)
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
        defer { close(readEnd) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 2)

        var pid = pid_t()
        // An empty environment: what the program does depends on its arguments alone.
        let started = withCStrings([path] + arguments) { argv in
            withCStrings([]) { environment in posix_spawn(&pid, path, &actions, nil, argv, environment) }
        }
        close(writeEnd)
        guard started == 0 else { return nil }

        var lines: [String] = []
        var keptBytes = 0
        var linesDropped = false
        var line: [UInt8] = []
        func end(_ line: [UInt8]) {
            let text = String(decoding: line.prefix(lineLimit), as: UTF8.self)
            guard keeping(text) else { return }
            if keptBytes + text.utf8.count > keptLimit {
                linesDropped = true
            } else {
                lines.append(text)
                keptBytes += text.utf8.count
            }
        }
        var timedOut = false
        let deadline = monotonicSeconds() + Double(seconds)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let left = deadline - monotonicSeconds()
            if left <= 0 {
                timedOut = true
                kill(pid, SIGKILL)
                break
            }
            var poller = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(left, 1) * 1000) + 1)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            for byte in buffer.prefix(count) {
                if byte == 0x0A {
                    end(line)
                    line.removeAll(keepingCapacity: true)
                } else if line.count < lineLimit {
                    line.append(byte)
                }
            }
        }
        if !line.isEmpty { end(line) }
        // Its output closed, it may still be running: it is waited for until the
        // deadline, then killed.
        var waitStatus: Int32 = 0
        while true {
            let ended = waitpid(pid, &waitStatus, timedOut ? 0 : WNOHANG)
            if ended == pid || (ended < 0 && errno != EINTR) { break }
            if ended == 0 {
                if monotonicSeconds() >= deadline {
                    timedOut = true
                    kill(pid, SIGKILL)
                } else {
                    usleep(1000)
                }
            }
        }
        // WIFEXITED and WEXITSTATUS, which Swift does not import (they are macros).
        let exited = waitStatus & 0x7F == 0
        return ProgramRun(status: exited ? (waitStatus >> 8) & 0xFF : nil, lines: lines, linesDropped: linesDropped, timedOut: timedOut)
    }

    /// The first file named `name` in a folder of `PATH` that this process may run.
    static func find(_ name: String) -> String? {
        guard let path = getenv("PATH").map({ String(cString: $0) }) else { return nil }
        for folder in path.split(separator: ":") where folder.hasPrefix("/") {
            let candidate = "\(folder)/\(name)"
            var info = stat()
            if stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        return nil
    }

    private static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// `body` given `strings` as a C array of C strings, ended by a null pointer.
    private static func withCStrings<Result>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result) -> Result {
        let copies = strings.map { strdup($0) } + [nil]
        defer { for copy in copies { free(copy) } }
        return body(copies)
    }
}
