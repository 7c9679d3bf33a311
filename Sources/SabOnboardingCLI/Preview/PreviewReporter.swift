import OnboardingKit

/// What the terminal shows after each build: its diagnostics (standard error, as `build` prints
/// them, coloured only on a terminal) and a one-line summary.
struct PreviewReporter: Sendable {
    var colored: Bool

    /// The diagnostics and the summary line of build number `version`.
    func text(for build: PreviewBuild, version: Int) -> String {
        TextReporter(colored: colored).report(build.diagnostics) + summary(of: build, version: version)
    }

    func summary(of build: PreviewBuild, version: Int) -> String {
        let counts = Severity.allCases.reversed().compactMap { severity -> String? in
            let count = build.diagnostics.filter { $0.severity == severity }.count
            return count == 0 ? nil : "\(count) \(severity.rawValue)\(count == 1 ? "" : "s")"
        }
        let problems = counts.isEmpty ? "no problems" : counts.joined(separator: ", ")
        guard build.succeeded else {
            return "sab-onboarding: preview build \(version) failed (\(problems)): the pages show the problems until the next good build\n"
        }
        let screens = build.screenCount
        return "sab-onboarding: preview build \(version): \(screens) screen\(screens == 1 ? "" : "s"), \(problems)\n"
    }

    /// Prints the report of a build to standard error.
    func report(_ build: PreviewBuild, version: Int) {
        Terminal.writeToStandardError(text(for: build, version: version))
    }
}
