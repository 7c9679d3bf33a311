/// Which rules a run uses: every rule except opt-in ones, minus those disabled, plus those enabled.
/// The ids alone, so that a build's options carry them without knowing the rules; the rules'
/// registry checks them (``init(disable:enable:)``) and applies them (``runs(_:)``).
public struct RuleSelection: Sendable, Hashable {
    public private(set) var disabled: Set<String> = []
    public private(set) var enabled: Set<String> = []

    public init() {}

    /// Why a selection cannot be made.
    public struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
        public var description: String

        package init(description: String) {
            self.description = description
        }
    }

    /// The selection of exactly these ids, unchecked: the linter's initialiser checks them
    /// against the registry.
    package init(disabled: Set<String>, enabled: Set<String>) {
        self.disabled = disabled
        self.enabled = enabled
    }
}
