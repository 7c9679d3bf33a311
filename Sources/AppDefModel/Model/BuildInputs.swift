/// Where a build's inputs are, in one list: the appDef, its images folder, its fonts folder and
/// the `--templates` folder. The images folder and the font plan look files up here, so the
/// fingerprint of a build (``InputFingerprint``) hashes what these places hold; the preview
/// watches the same places for changes. A new kind of input is added here, once, for both.
public struct BuildInputs: Sendable, Hashable {
    /// The appDef file, as given.
    public var appDef: String
    /// Where the screens' images are looked up: `--images`, or `images/onboarding` beside the appDef.
    public var imagesFolder: String
    /// Where web fonts are looked up: `fonts` beside the appDef.
    public var fontsFolder: String
    /// The `--templates` folder, when given; the built-in templates otherwise.
    public var templatesFolder: String?

    package init(appDefPath: String, imagesOverride: String? = nil, templatesFolder: String? = nil) {
        appDef = appDefPath
        imagesFolder = imagesOverride ?? Self.besideAppDef(appDefPath, "images/onboarding")
        fontsFolder = Self.besideAppDef(appDefPath, "fonts")
        self.templatesFolder = templatesFolder
    }

    /// The files a change of which changes the build.
    public var files: [String] { [appDef] }
    /// The folders a change anywhere in which may change the build (a missing one may appear).
    public var folders: [String] { [imagesFolder, fontsFolder] + (templatesFolder.map { [$0] } ?? []) }

    /// `relative` in the appDef's folder, as the user would write it: `images/onboarding` for an
    /// appDef in the current folder, `app/images/onboarding` for `app/MyApp.appDef`. (Not
    /// NSString's path methods: on Linux they trap on some short paths.)
    private static func besideAppDef(_ appDefPath: String, _ relative: String) -> String {
        guard let slash = appDefPath.lastIndex(of: "/") else { return relative }
        return String(appDefPath[...slash]) + relative
    }
}
