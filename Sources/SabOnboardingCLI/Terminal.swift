import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where output goes and whether it may be coloured.
enum Terminal {
    /// Colour only on a terminal, never with `NO_COLOR` set (https://no-color.org) or in CI.
    static var standardOutputWantsColor: Bool { wantsColor(STDOUT_FILENO) }

    /// The same for standard error, where `build` and `manifest` report problems.
    static var standardErrorWantsColor: Bool { wantsColor(STDERR_FILENO) }

    private static func wantsColor(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1 && getenv("NO_COLOR") == nil && getenv("CI") == nil
    }

    static func writeToStandardOutput(_ text: String) {
        write(text, to: STDOUT_FILENO)
    }

    static func writeToStandardError(_ text: String) {
        write(text, to: STDERR_FILENO)
    }

    /// Writes all of `text` (swift-system goes on after partial writes and interruptions); a
    /// closed pipe (`sab-onboarding lint ... | head`) simply ends the output.
    private static func write(_ text: String, to descriptor: Int32) {
        _ = try? FileDescriptor(rawValue: descriptor).writeAll(text.utf8)
    }
}
