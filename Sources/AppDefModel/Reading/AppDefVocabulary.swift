/// The element, attribute and value names of onboarding screens in an appDef, in both the long
/// form SAB writes in project files and the short form of the PWA data export (`t`, `e`).
package enum AppDefVocabulary {
    package static let root = "app-definition"
    package static let screen = "onboarding-screen"
    package static let title = "title"
    static let translationNames: Set<String> = ["translation", "t"]
    static let imageBlock = "onboarding-screen-image"
    package static let image = "image"
    package static let features = "features"
    static let featureNames: Set<String> = ["feature", "e"]

    package static let typeAttribute = "type"
    package static let langAttribute = "lang"
    package static let nameAttribute = "name"
    package static let valueAttribute = "value"

    /// `default`: what `lang` says where SAB means the default text or image rather than a
    /// language (an image block's image shown in every language; a translation mapping's default
    /// text), and the key of the default text in the manifest (`{"default": ..., "fr": ...}`).
    static let defaultKeyword = "default"

    /// Whether a `lang` is ``defaultKeyword``, in any case and with white space around it: never
    /// a language, so never a key of its own in what the build writes.
    package static func isDefaultKeyword(_ lang: String) -> Bool {
        lang.trimmingWhitespace.lowercased() == defaultKeyword
    }

    /// The attributes each element may carry; any other is reported as unknown.
    package static let knownAttributes: [String: Set<String>] = [
        screen: [],
        title: [typeAttribute],
        "translation": [langAttribute],
        "t": [langAttribute],
        imageBlock: [langAttribute],
        image: [],
        features: [typeAttribute],
        "feature": [nameAttribute, valueAttribute],
        "e": [nameAttribute, valueAttribute],
    ]

    /// The elements each element may hold; an element missing here holds none.
    package static let knownChildren: [String: Set<String>] = [
        screen: [title, imageBlock, features],
        title: translationNames,
        imageBlock: [image],
        features: featureNames,
    ]
}

/// The four text fields of a screen, by their `type` on `<title>`.
public enum TextField: String, Sendable, CaseIterable, Hashable {
    case topTitle = "top-title"
    case topSubtitle = "top-subtitle"
    case bottomTitle = "bottom-title"
    case bottomSubtitle = "bottom-subtitle"

    /// The key of the field in the manifest.
    public var manifestKey: String {
        switch self {
        case .topTitle: "topTitle"
        case .topSubtitle: "topSubtitle"
        case .bottomTitle: "bottomTitle"
        case .bottomSubtitle: "bottomSubtitle"
        }
    }
}

/// The features a screen may set, by their `name`.
package enum ScreenFeature: String, CaseIterable {
    case background
    case backgroundNormal = "background-normal"
    case backgroundSepia = "background-sepia"
    case backgroundDark = "background-dark"
    case imageMaxHeight = "image-max-height"

    package static let colorFeatures: [ScreenFeature] = [.backgroundNormal, .backgroundSepia, .backgroundDark]
}

/// The values of the `background` feature.
public enum BackgroundMode: String, Sendable, CaseIterable, Hashable {
    /// White, in every theme.
    case `default`
    /// The colours given by `background-normal`, `-sepia` and `-dark`.
    case custom
}
