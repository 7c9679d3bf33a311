import ArgumentParser
import OnboardingKit

/// How a build publishes raster images: shared by `build`, `preview` and `manifest`, whose
/// output lists the published files.
struct ImageOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The quality of the published WebP and JPEG images, from 1 to 100.",
            discussion: "Lower is smaller and softer; the default suits photos on a phone.", valueName: "1-100"))
    var imageQuality = BuildOptions.defaultImageQuality

    @Flag(
        help: ArgumentHelp(
            "Publish each raster image as it is in the images folder: no smaller sizes, no WebP, its metadata kept.",
            discussion: "For images that are made ready or served from elsewhere."))
    var keepOriginalImages = false

    func validate() throws {
        try OptionChecks.refuseRepeated(["image-quality"])
        guard BuildOptions.imageQualityRange.contains(imageQuality) else {
            throw ValidationError("'--image-quality' must be from 1 to 100, not \(imageQuality)")
        }
    }

    /// `options` with these settings.
    func applied(to options: BuildOptions) -> BuildOptions {
        var options = options
        options.imageQuality = imageQuality
        options.keepsOriginalImages = keepOriginalImages
        return options
    }
}
