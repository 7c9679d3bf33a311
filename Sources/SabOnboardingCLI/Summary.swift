import OnboardingKit

/// The closing line of a text report, on standard error: how many files and problems.
enum Summary {
    static func line(for diagnostics: [Diagnostic], fileCount: Int, strict: Bool) -> String {
        let counts = Severity.allCases.reversed().map { severity in
            (severity, diagnostics.filter { $0.severity == severity }.count)
        }
        let parts = counts.filter { $0.1 > 0 }.map { counted($0.1, $0.0.rawValue) }
        let found = parts.isEmpty ? "no problems" : parts.joined(separator: ", ")
        let verdict = diagnostics.fails(strict: strict) ? "failed" : "passed"
        return "sab-onboarding: \(counted(fileCount, "file")) checked, \(found): \(verdict)\n"
    }

    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
