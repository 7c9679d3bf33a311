import AppDefModel

/// The manifest (`onboarding.json`): the screens and settings as data for a PWA, with the key
/// names of the spec, in a fixed order.
package enum Manifest {
    static let schemaVersion = 1

    package static func json(for project: OnboardingProject) -> JSONValue {
        .object([
            ("schemaVersion", .int(schemaVersion)),
            ("generator", .string("sab-onboarding \(SabOnboardingVersion.current)")),
            ("defaultLanguage", project.defaultLanguage.map(JSONValue.string) ?? .null),
            ("languages", .array(project.languages.map(JSONValue.string))),
            ("storageKey", .string(project.storageKey)),
            ("buttons", buttons(of: project)),
            ("screens", .array(project.screens.map { screen(for: $0, in: project) })),
        ])
    }

    /// `{"default": text, "<lang>": text, ...}`, languages as written; `forThePage`, as the
    /// pages write them (``PageLanguage``).
    static func localized(_ text: LocalizedText, forThePage: Bool = false) -> JSONValue {
        let translations = text.translations.map { ($0.language, JSONValue.string($0.text)) }
        return .object(JSONObject([("default", .string(text.defaultText))] + (forThePage ? PageLanguage.keyed(translations) : translations)))
    }

    /// The words of Skip, Next and Start.
    static func buttons(of project: OnboardingProject, forThePage: Bool = false) -> JSONValue {
        .object([
            ("skip", localized(project.buttons.skip, forThePage: forThePage)),
            ("next", localized(project.buttons.next, forThePage: forThePage)),
            ("start", localized(project.buttons.start, forThePage: forThePage)),
        ])
    }

    /// The screen's text fields by their manifest key; fields the appDef does not give are absent.
    static func texts(of screen: OnboardingScreen, forThePage: Bool = false) -> [(String, JSONValue)] {
        TextField.allCases.compactMap { field in screen.texts[field].map { (field.manifestKey, localized($0, forThePage: forThePage)) } }
    }

    /// The screen's images by language (`default` for every language); `nil` without images.
    /// `source` is the image's name in the images folder, never the path the appDef gives: that
    /// is where the author picked it on their own machine (`C:\Users\<name>\Pictures\...`),
    /// a user name and folder names the manifest would put on the public web.
    /// `forThePage`: the form of the carousel page's data, which the script reads to show
    /// another language's image: no `source`, the WebP `srcset` instead of the variants, its
    /// `placeholder` colour where it has one, and without the image the page shows already,
    /// languages as the pages write them.
    package static func images(of screen: OnboardingScreen, in project: OnboardingProject, forThePage: Bool = false) -> JSONValue? {
        let images: [(String, JSONValue)] = screen.images.compactMap { image in
            guard let asset = project.images[image.fileName] else { return nil }
            // The page's data leaves out the image the page shows already: where the reader's
            // language has no image of its own, the script keeps it (bytes saved on every screen).
            let shownByThePage = Array(image.fileName.utf8) == screen.defaultImage.map { Array($0.fileName.utf8) }
            if forThePage && shownByThePage { return nil }
            let source: [(String, JSONValue)] =
                forThePage ? asset.placeholder.map { [("placeholder", .string($0.css))] } ?? [] : [("source", .string(image.fileName))]
            return (
                image.language ?? "default",
                JSONValue.object(
                    JSONObject(
                        [
                            ("file", .string(asset.outputPath)),
                            ("width", .int(asset.size.width)),
                            ("height", .int(asset.size.height)),
                        ] + variants(of: asset, forThePage: forThePage) + source))
            )
        }
        return images.isEmpty ? nil : .object(JSONObject(forThePage ? PageLanguage.keyed(images) : images))
    }

    /// An image's variants: in the manifest each with its file, size and type; in the page's
    /// data the WebP `srcset`, as the script sets it.
    private static func variants(of asset: ImageAsset, forThePage: Bool) -> [(String, JSONValue)] {
        guard asset.isResized else { return [] }
        if forThePage {
            return [("webp", .string(asset.modernVariants.sourceSet(base: "")))]
        }
        return [
            (
                "variants",
                .array(
                    asset.variants.map { variant in
                        .object([
                            ("file", .string(variant.path)), ("width", .int(variant.width)), ("height", .int(variant.height)),
                            ("type", .string(variant.mediaType)),
                        ])
                    })
            )
        ]
    }

    private static func screen(for screen: OnboardingScreen, in project: OnboardingProject) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .int(screen.number)),
            ("page", .string(ScreenPage.path(of: screen))),
        ]
        members += texts(of: screen)
        if let images = images(of: screen, in: project) { members.append(("image", images)) }
        if let percent = screen.imageMaxHeightPercent { members.append(("imageMaxHeightPercent", .int(percent))) }
        members.append(("background", background(of: screen, in: project)))
        return .object(JSONObject(members))
    }

    /// The mode as the appDef says it, and the colour the carousel really uses in every theme:
    /// a consumer need not work out defaults and fallbacks again.
    private static func background(of screen: OnboardingScreen, in project: OnboardingProject) -> JSONValue {
        let resolver = ScreenColorResolver(palette: project.palette)
        return .object(
            JSONObject(
                [("mode", .string(screen.background.mode.rawValue))]
                    + ColorTheme.allCases.map { ($0.rawValue, JSONValue.string(resolver.background(of: screen, theme: $0).css)) }))
    }
}

/// Where each screen's own page is written.
enum ScreenPage {
    static func path(of screen: OnboardingScreen) -> String {
        OutputNames.screenPage(number: screen.number)
    }
}
