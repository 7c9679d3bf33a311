package import XMLStreaming

/// One onboarding screen as the appDef means it, after lint found no error in it.
public struct OnboardingScreen: Hashable, Sendable {
    /// The 1-based position of the screen in document order.
    public var number: Int
    /// The texts by field; a field the appDef does not give is absent.
    public var texts: [TextField: LocalizedText]
    /// The images, the default one (language `nil`) and one per language, in document order.
    public var images: [ScreenImage]
    /// The largest share of the viewport height the image may take, in percent.
    public var imageMaxHeightPercent: Int?
    public var background: Background

    public init(
        number: Int, texts: [TextField: LocalizedText] = [:], images: [ScreenImage] = [],
        imageMaxHeightPercent: Int? = nil, background: Background = Background()
    ) {
        self.number = number
        self.texts = texts
        self.images = images
        self.imageMaxHeightPercent = imageMaxHeightPercent
        self.background = background
    }

    /// The image shown when no language-specific one matches.
    public var defaultImage: ScreenImage? {
        images.first { $0.language == nil } ?? images.first
    }
}

/// An image of a screen, for every language (`language == nil`) or for one.
public struct ScreenImage: Hashable, Sendable {
    public var language: String?
    /// The path on the author's machine, as written in the appDef.
    public var sourcePath: String
    /// The file name looked up in the images folder.
    public var fileName: String
    /// Where the appDef names it (its `<image>`), for a diagnostic about the file.
    package var position: SourcePosition?

    public init(language: String?, sourcePath: String, fileName: String) {
        self.language = language
        self.sourcePath = sourcePath
        self.fileName = fileName
    }
}

/// A screen's background in each colour theme.
public struct Background: Hashable, Sendable {
    public var mode: BackgroundMode
    /// The colours of the normal, sepia and dark themes; only with ``BackgroundMode/custom``.
    public var normal: HexColor?
    public var sepia: HexColor?
    public var dark: HexColor?

    public init(mode: BackgroundMode = .default, normal: HexColor? = nil, sepia: HexColor? = nil, dark: HexColor? = nil) {
        self.mode = mode
        self.normal = normal
        self.sepia = sepia
        self.dark = dark
    }
}
