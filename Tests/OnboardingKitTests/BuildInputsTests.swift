import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// One list of a build's inputs: the places the build reads are the places the preview watches.
struct BuildInputsTests {
    @Test(
        arguments: [
            ("app/MyApp.appDef", nil, "app/images/onboarding", "app/fonts"),
            ("MyApp.appDef", nil, "images/onboarding", "fonts"),
            ("/MyApp.appDef", "pictures", "pictures", "/fonts"),
        ] as [(String, String?, String, String)])
    func theImagesAndFontsFoldersAreWhereTheBuildLooks(_ appDef: String, _ images: String?, _ imagesFolder: String, _ fontsFolder: String) {
        let options = BuildOptions(imagesDirectory: images, templatesDirectory: "my-templates")
        let inputs = BuildInputs(appDefPath: appDef, options: options)
        #expect(inputs.imagesFolder == imagesFolder)
        #expect(inputs.fontsFolder == fontsFolder)
        #expect(inputs.files == [appDef])
        #expect(inputs.folders == [imagesFolder, fontsFolder, "my-templates"])
        // The lookups the build makes start from the same places.
        #expect(ImageFolder(appDefPath: appDef, override: images).displayPath == inputs.imagesFolder)
    }

    @Test func aWebFontIsLookedUpInTheFontsFolderOfTheList() throws {
        let folder = TemporaryFolder()
        try folder.write("app/app.appDef", FontBuildTests.appDef)
        try folder.write("app/fonts/CharisSIL-R.ttf", "regular")
        let inputs = BuildInputs(appDefPath: folder.path("app/app.appDef"), options: BuildOptions())
        let plan = FontPlan(syntax: AppDefReader.read(path: inputs.appDef), languages: ["en"])
        let regular = try #require(plan.fonts.first { $0.fileName == "CharisSIL-R.ttf" })
        #expect(regular.path.hasPrefix(inputs.fontsFolder + "/"), "\(regular.path)")
    }
}
