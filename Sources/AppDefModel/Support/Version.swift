/// The tool's version, written into every manifest and shown by `--version`.
public enum SabOnboardingVersion {
    public static let current = "0.1.0"
}
