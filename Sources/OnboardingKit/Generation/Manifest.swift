/// The manifest (`onboarding.json`): the screens and settings as data for a PWA, with the key
/// names of the spec, in a fixed order.
enum Manifest {
    static let schemaVersion = 1

    static func json(for project: OnboardingProject) -> JSONValue {
        .object([
            ("schemaVersion", .int(schemaVersion)),
            ("generator", .string("sab-onboarding \(SabOnboardingVersion.current)")),
            ("defaultLanguage", project.defaultLanguage.map(JSONValue.string) ?? .null),
            ("languages", .array(project.languages.map(JSONValue.string))),
            ("storageKey", .string(project.storageKey)),
            ("buttons", .object([
                ("skip", localized(project.buttons.skip)),
                ("next", localized(project.buttons.next)),
                ("start", localized(project.buttons.start)),
            ])),
            ("screens", .array(project.screens.map { screen(for: $0, in: project) })),
        ])
    }

    /// `{"default": text, "<lang>": text, ...}`, languages as written.
    static func localized(_ text: LocalizedText) -> JSONValue {
        .object([("default", .string(text.defaultText))] + text.translations.map { ($0.language, .string($0.text)) })
    }

    private static func screen(for screen: OnboardingScreen, in project: OnboardingProject) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .int(screen.number)),
            ("page", .string(ScreenPage.path(of: screen))),
        ]
        for field in TextField.allCases {
            if let text = screen.texts[field] { members.append((field.manifestKey, localized(text))) }
        }
        let images: [(String, JSONValue)] = screen.images.compactMap { image in
            guard let asset = project.images[image.fileName] else { return nil }
            return (image.language ?? "default", .object([
                ("file", .string(asset.outputPath)),
                ("width", .int(asset.size.width)),
                ("height", .int(asset.size.height)),
                ("source", .string(image.sourcePath)),
            ]))
        }
        if !images.isEmpty { members.append(("image", .object(images))) }
        if let percent = screen.imageMaxHeightPercent { members.append(("imageMaxHeightPercent", .int(percent))) }
        members.append(("background", background(of: screen, in: project)))
        return .object(members)
    }

    /// The mode as the appDef says it, and the colour the carousel really uses in every theme:
    /// a consumer need not work out defaults and fallbacks again.
    private static func background(of screen: OnboardingScreen, in project: OnboardingProject) -> JSONValue {
        let resolver = ScreenColorResolver(palette: project.palette)
        return .object(
            [("mode", .string(screen.background.mode.rawValue))]
                + ColorTheme.allCases.map { ($0.rawValue, .string(resolver.background(of: screen, theme: $0).css)) })
    }
}

/// Where each screen's own page is written.
enum ScreenPage {
    static func path(of screen: OnboardingScreen) -> String {
        "screens/\(screen.number).html"
    }
}
