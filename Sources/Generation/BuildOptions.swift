import AppDefModel

/// Where `build` reads and writes.
public struct BuildOptions: Sendable, Hashable {
    /// The output folder, where a successful build writes its own files in place.
    public var outputDirectory: String
    /// The folder of the onboarding images (default: `images/onboarding` beside the appDef).
    public var imagesDirectory: String?
    /// A folder of templates that replace the built-in ones of the same name.
    public var templatesDirectory: String?
    /// Where Skip and Start lead, relative to the carousel page: by default the PWA's root.
    public var startURL: String
    /// The rules of the lint that runs first.
    public var rules: RuleSelection
    /// Write into a non-empty output folder the tool did not create (its files are kept).
    public var force: Bool
    /// The quality raster variants are encoded at, 1 to 100 (WebP and JPEG).
    public var imageQuality: Int
    /// Publish every image as it is in the images folder, without variants.
    public var keepsOriginalImages: Bool

    public static let defaultOutputDirectory = "build/onboarding"
    public static let defaultStartURL = "../"

    public init(
        outputDirectory: String = BuildOptions.defaultOutputDirectory, imagesDirectory: String? = nil,
        templatesDirectory: String? = nil, startURL: String = BuildOptions.defaultStartURL,
        rules: RuleSelection = RuleSelection(), force: Bool = false, imageQuality: Int = BuildOptions.defaultImageQuality,
        keepsOriginalImages: Bool = false
    ) {
        self.outputDirectory = outputDirectory
        self.imagesDirectory = imagesDirectory
        self.templatesDirectory = templatesDirectory
        self.startURL = startURL
        self.rules = rules
        self.force = force
        self.imageQuality = imageQuality
        self.keepsOriginalImages = keepsOriginalImages
    }

    /// The quality variants are encoded at unless `imageQuality` says otherwise.
    public static let defaultImageQuality = ImagePublisher.defaultQuality
    public static let imageQualityRange = 1...100
}
