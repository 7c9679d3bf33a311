import AppDefModel

/// The group a rule belongs to, in the order `rules` and Documentation/Rules.md list them: the order in which
/// an appDef is read and then looked at, from the file itself to the app's settings.
public enum RuleCategory: String, Sendable, Hashable, CaseIterable {
    /// Whether the file can be read at all: opened, decoded, parsed as XML, an appDef with
    /// onboarding screens, within the reader's limits.
    case reading
    /// The elements and attributes of each screen: known, complete, not repeated.
    case structure
    /// The titles' texts and their languages: a default translation, language codes, length.
    case text
    /// A screen's `<features>`: its background mode and colours.
    case background
    /// Each screen's image: its path, the file it names, its format, content and size.
    case images
    /// What the appDef says for the whole app and the carousel uses: the buttons' words, the
    /// languages' directions, the palette and the fonts.
    case appSettings

    /// The group's heading in `rules` and in Documentation/Rules.md's table.
    public var title: String {
        switch self {
        case .reading: "Reading the file"
        case .structure: "Structure of the screens"
        case .text: "Texts and languages"
        case .background: "Backgrounds and colours"
        case .images: "Images"
        case .appSettings: "App settings"
        }
    }
}
