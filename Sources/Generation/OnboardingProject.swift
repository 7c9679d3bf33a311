import AppDefModel

/// Everything the generator needs of one appDef: its screens as they mean, their images read
/// and sized, and the app-wide settings.
public struct OnboardingProject: Sendable {
    /// The appDef's path as given.
    public var appDefPath: String
    public var screens: [OnboardingScreen]
    /// The images by their file name in the images folder.
    public var images: ImageAssets
    public var appName: String?
    public var packageName: String?
    /// The language of the default texts, when the appDef says it.
    public var defaultLanguage: String?
    public var buttons: ButtonLabels
    /// The appDef's default colour theme, lowercased (`normal`, `sepia`, `dark`...), when it says.
    public var defaultTheme: String?
    /// Each language's direction and font, from `<interface-languages>`.
    var writingSystems: WritingSystems
    /// The app's named colours per theme.
    var palette: ColorPalette
    /// The web fonts to publish and the languages that use them.
    package var fonts: FontPlan
    /// The plan's fonts as published, once ``FontPublisher`` made them; none before.
    var fontAssets: [FontAsset] = []
    /// An error for each image lint found whose bytes the build could not publish: the file went
    /// away or was replaced between lint and the build's reading of it.
    var unpublishableImages: [Diagnostic] = []

    /// Every language the screens have text or images in, in order of first appearance.
    public var languages: [String] { screens.languages }

    /// Whether a language is written right to left: its writing system says, else the built-in list.
    func isRightToLeft(_ language: String) -> Bool {
        writingSystems.isRightToLeft(language)
    }

    /// The localStorage key of the "onboarding shown" flag: one per app, so that two apps served
    /// from one origin do not share it.
    public var storageKey: String {
        storageKeyPrefix + "shown"
    }

    /// The sessionStorage key where the gate keeps the address a first-time visitor opened, for
    /// the carousel to go on to when it ends; per app, as the flag.
    var returnAddressKey: String {
        storageKeyPrefix + "return"
    }

    private var storageKeyPrefix: String {
        "sab-onboarding:" + (packageName.flatMap { $0.isEmpty ? nil : $0 } ?? "app") + ":"
    }

    /// The app's interface languages (`<interface-languages>`, those enabled), as written: the
    /// languages the PWA can be in, among which it matches the browser's.
    var interfaceLanguages: [String] {
        writingSystems.systems.filter(\.enabled).map(\.code)
    }

    /// Whether the app follows the browser's languages (the `use-system-language` trait); when
    /// the appDef does not say, the carousel does, which suits a first-time visitor best.
    var usesSystemLanguage: Bool {
        writingSystems.usesSystemLanguage ?? true
    }
}

extension OnboardingProject {
    /// Builds the project from a read appDef whose lint found no error.
    package init(syntax: AppDefSyntax, images folder: ImageFolder) {
        appDefPath = syntax.file
        screens = syntax.screens.enumerated().map {
            ScreenModelBuilder.screen(from: ScreenSyntax(number: $0.offset + 1, element: $0.element))
        }
        appName = syntax.appName
        packageName = syntax.packageName
        defaultLanguage = syntax.usableDefaultLanguage
        buttons = ButtonLabelResolver(syntax: syntax).resolve(for: screens.languages).labels
        defaultTheme = syntax.defaultTheme?.lowercased()
        writingSystems = WritingSystems(syntax.interfaceLanguages)
        palette = ColorPalette(syntax.mainColors)
        fonts = FontPlan(syntax: syntax, screens: screens)
        var assets = ImageAssets()
        for image in screens.flatMap(\.images) where assets[image.fileName] == nil {
            guard case .found(let file) = folder.lookUp(image.fileName), file.sniffedFormat != nil, let size = file.size else { continue }
            let location = image.position.map { SourceLocation(file: syntax.file, line: $0.line, column: $0.column) }
            let bytes: [UInt8]
            switch file.publishedBytes() {
            case .success(let read): bytes = read
            case .failure(let problem):
                unpublishableImages.append(
                    Diagnostic(
                        ruleID: BuildDiagnosticID.imageNotDecodable, severity: .error,
                        location: location ?? SourceLocation(file: syntax.file, line: 1, column: 1),
                        message: "'\(image.fileName)' cannot be published: \(problem.reason)",
                        notes: ["build again once the images folder stays as it is"]))
                continue
            }
            var asset = ImageAsset(
                sourceFileName: image.fileName, bytes: bytes, size: size, isResizable: file.isResized, isAnimated: file.isAnimated,
                frameCount: file.frameCount, location: location)
            if case .published(let svg)? = file.svg { asset.embeddedImages = svg.embeddedImages }
            assets[image.fileName] = asset
        }
        images = assets
    }
}
