import ArgumentParser
import OnboardingKit

/// Where a build finds its images and templates and where Skip and Start lead: shared by
/// `build` and `preview`, with `--disable` and `--enable`.
struct InputOptions: ParsableArguments {
    @Option(help: imagesHelp(beside: "the appDef"), completion: .directory)
    var images: String?

    @Option(help: "A folder of templates replacing the built-in ones of the same name.", completion: .directory)
    var templates: String?

    @Option(help: "Where Skip and Start lead, relative to the carousel page (or an http or https URL).")
    var startURL = BuildOptions.defaultStartURL

    @OptionGroup var imageOptions: ImageOptions

    @OptionGroup var rules: RuleOptions

    /// The help of `--images`, for a command reading one appDef or several.
    static func imagesHelp(beside appDefs: String) -> ArgumentHelp {
        "The folder holding the onboarding images (default: images/onboarding beside \(appDefs))."
    }

    func validate() throws {
        try OptionChecks.refuseRepeated(["images", "templates", "start-url"])
        try OptionChecks.refuseEmpty(images, for: "--images <images>")
        try OptionChecks.refuseEmpty(templates, for: "--templates <templates>")
        try StartURLCheck.check(startURL)
    }

    /// The build options these give, for an output folder and `--force`.
    func buildOptions(outputDirectory: String = BuildOptions.defaultOutputDirectory, force: Bool = false) throws -> BuildOptions {
        imageOptions.applied(
            to: BuildOptions(
                outputDirectory: outputDirectory, imagesDirectory: images, templatesDirectory: templates, startURL: startURL,
                rules: try rules.selection(), force: force))
    }
}
