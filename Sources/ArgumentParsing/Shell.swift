/// A shell a completion script can be generated for.
public enum Shell: String, CaseIterable, Sendable {
    case bash
    case zsh
    case fish
}
