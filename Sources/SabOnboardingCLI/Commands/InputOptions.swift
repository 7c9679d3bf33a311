import ArgumentParsing
import OnboardingKit

/// Where a build finds its images and templates and where Skip and Start lead: shared by
/// `build` and `preview`, with `--disable` and `--enable`.
struct InputOptions {
    static let specs: [OptionSpec] =
        [
            imagesOption(beside: "the appDef"),
            .value("templates", completion: .directory, help: "A folder of templates replacing the built-in ones of the same name."),
            .value(
                "start-url", defaultValue: BuildOptions.defaultStartURL,
                help: "Where Skip and Start lead, relative to the carousel page."),
        ] + RuleOptions.specs

    /// `--images`, for a command reading one appDef or several.
    static func imagesOption(beside appDefs: String) -> OptionSpec {
        .value("images", completion: .directory, help: "The folder holding the onboarding images (default: images/onboarding beside \(appDefs)).")
    }

    let images: String?
    let templates: String?
    let startURL: String
    let rules: RuleOptions

    init(_ parsed: ParsedCommand) throws(UsageError) {
        images = parsed.value("images")
        templates = parsed.value("templates")
        startURL = parsed.valueOrDefault("start-url")
        rules = try RuleOptions(parsed)
    }

    /// The build options these give, for an output folder and `--force`.
    func buildOptions(outputDirectory: String = BuildOptions.defaultOutputDirectory, force: Bool = false) -> BuildOptions {
        BuildOptions(
            outputDirectory: outputDirectory, imagesDirectory: images, templatesDirectory: templates, startURL: startURL,
            rules: rules.selection, force: force)
    }
}
