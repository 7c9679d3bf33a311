internal import XMLStreaming

/// What the streaming reader keeps of one appDef file: its onboarding screens as small element
/// trees with positions, where the root element is, and the problems libxml2 found.
struct AppDefSyntax {
    /// The path as the user gave it, used in diagnostics.
    var file: String
    /// The name and position of the root element, when the file has one.
    var root: (name: String, position: SourcePosition)?
    /// Every `<onboarding-screen>`, wherever it sits, in document order.
    var screens: [XMLElement]
    /// libxml2's errors and warnings, a refused DOCTYPE or a failed read.
    var problems: [XMLProblem]
    /// Set when the file could not be opened at all.
    var inputError: XMLInputError?
}
