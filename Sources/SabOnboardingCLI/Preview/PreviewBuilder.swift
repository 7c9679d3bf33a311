import OnboardingKit

/// One rendering of the appDef, held in memory.
struct PreviewBuild: Sendable {
    /// Every file `build` would write, by its path in the output folder; `nil` when the build has errors.
    var files: [String: [UInt8]]?
    /// Lint and template diagnostics, in reading order.
    var diagnostics: [Diagnostic]
    /// Whether the appDef could not be read at all (it is missing, say).
    var appDefUnreadable = false

    /// Whether the build has output (no error).
    var succeeded: Bool { files != nil }

    /// How many screen pages it has.
    var screenCount: Int { files?.keys.filter { $0.hasPrefix("screens/") }.count ?? 0 }
}

/// Reads the appDef and renders everything `build` would write, writing nothing.
struct PreviewBuilder: Sendable {
    /// The appDef's path as the user gave it: diagnostics name it so.
    let appDefPath: String
    let builder: OnboardingBuilder

    init(appDefPath: String, options: BuildOptions) {
        self.appDefPath = appDefPath
        self.builder = OnboardingBuilder(options: options)
    }

    /// Reads and renders the appDef as it is now.
    func build() -> PreviewBuild {
        guard let bytes = RegularFile.bytes(at: appDefPath) else {
            return PreviewBuild(files: nil, diagnostics: [unreadable()], appDefUnreadable: true)
        }
        let rendered = builder.render(appDefBytes: bytes, appDefPath: appDefPath)
        return PreviewBuild(files: rendered.files, diagnostics: rendered.diagnostics)
    }

    /// The diagnostic `lint` gives a file it cannot read.
    private func unreadable() -> Diagnostic {
        let reason = switch FolderWalk.kind(of: appDefPath, followingLinks: true) {
        case nil: "no such file"
        case .folder?: "it is a folder"
        case .regularFile?, .symbolicLink?, .other?: "permission denied or read error"
        }
        return Diagnostic(
            ruleID: "unreadable-file", severity: .error, location: SourceLocation(file: appDefPath, line: 1, column: 1),
            message: "cannot read the file: \(reason)")
    }
}
