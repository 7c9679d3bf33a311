import AppDefModel
internal import Mustache

/// The values templates see, as ``TemplateContextSchema`` declares them (a test holds the two
/// together; Documentation/Templates.md's list is generated from the schema).
struct PageContext {
    let project: OnboardingProject
    let options: BuildOptions

    /// The policy every page carries: nothing but its own files, no inline script or style.
    /// `data:` images only for the pages' empty icon (`<link rel="icon" href="data:,">`), which
    /// keeps the browser from asking the server for a `/favicon.ico` the PWA does not have: a
    /// wasted round trip on a slow network, an error offline.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; base-uri 'none'; form-action 'none'"

    /// What every template sees at the top level.
    var common: [String: TemplateValue] {
        let language = project.defaultLanguage ?? "und"
        return [
            "generator": "sab-onboarding \(SabOnboardingVersion.current)",
            "lang": .string(PageLanguage.tag(language)),
            "dir": project.isRightToLeft(language) ? "rtl" : "ltr",
            "title": .string(project.appName.flatMap { $0.isEmpty ? nil : $0 } ?? "Welcome"),
            "contentSecurityPolicy": .string(Self.contentSecurityPolicy),
            "storageKeyJSON": .string(JSONValue.string(project.storageKey).rendered(pretty: false)),
            "returnKeyJSON": .string(JSONValue.string(project.returnAddressKey).rendered(pretty: false)),
            "startURL": .string(options.startURL),
            "startURLJSON": .string(JSONValue.string(options.startURL).rendered(pretty: false)),
            "hasScreens": .bool(!project.screens.isEmpty),
            "screenCount": TemplateValue(project.screens.count),
            "singleScreen": .bool(project.screens.count == 1),
            "buttons": .object(buttonWords),
            "screens": .list(project.screens.map { .object(screen($0, base: "", imageFirst: $0.number == 1)) }),
            "fontFaces": .list(
                project.fontAssets.map { font in
                    [
                        "family": .string(font.cssFamily), "path": .string(font.outputPath), "format": .string(FontAsset.format),
                        "weight": .string(font.weight), "style": .string(font.style),
                        "preload": .bool(font.cssFamily == defaultLanguageFamily),
                    ]
                }),
            "languageFonts": .list(
                PageLanguage.keyed(project.fonts.languageFamilies.map { ($0.language, $0.cssFamily) }).map { language, family in
                    [
                        "language": .string(language), "family": .string(family),
                        "variable": .bool(project.fontAssets.contains { $0.cssFamily == family && $0.isVariable }),
                    ]
                }),
        ]
    }

    /// Each button's words in the default text, and where they are in another language than the
    /// pages' (the built-in English words), that language and its direction, so that a screen
    /// reader does not read English words with the voice of the page's language (WCAG 3.1.2).
    private var buttonWords: [String: TemplateValue] {
        var words: [String: TemplateValue] = [:]
        for (name, text) in buttonTexts {
            words[name] = .string(text.defaultText)
            if let language = text.defaultTextLanguage {
                words[name + "Lang"] = .string(PageLanguage.tag(language))
                words[name + "Dir"] = project.isRightToLeft(language) ? "rtl" : "ltr"
            }
        }
        return words
    }

    private var buttonTexts: [(name: String, text: LocalizedText)] {
        [("skip", project.buttons.skip), ("next", project.buttons.next), ("start", project.buttons.start)]
    }

    /// The font family of the pages' own language (their `lang`), whose files the pages ask for
    /// at once: `font-display: optional` draws a web font only if it is there when the text is
    /// first laid out, which on a first visit it is only when fetched from the page's head,
    /// beside the style sheet. The other languages' fonts are fetched when their text shows.
    private var defaultLanguageFamily: String? {
        guard let language = project.defaultLanguage else { return nil }
        return project.fonts.languageFamilies.first { LanguageCode.same($0.language, language) }?.cssFamily
    }

    /// The carousel page: images relative to the output folder, and the data its script reads,
    /// whose languages are written as the pages write them (``PageLanguage``), with the SAB
    /// codes written otherwise (`languageAliases`), which `?lang=` and the PWA's settings use.
    /// `common` is ``common``, made once for all pages: a page made from the project anew would
    /// make a build's time grow with the square of its screens.
    func index(common: [String: TemplateValue]) -> [String: TemplateValue] {
        var context = common
        context["assetBase"] = ""
        // The language of a button's default text where it is not the default language; left
        // out when there is none, as on most pages (every byte of the page counts on a slow network).
        let buttonLanguages = buttonTexts.compactMap { name, text in text.defaultTextLanguage.map { (name, JSONValue.string(PageLanguage.tag($0))) } }
        var fields: [(String, JSONValue)] = [
            ("startURL", .string(options.startURL)),
            ("defaultTheme", project.defaultTheme.map(JSONValue.string) ?? .null),
            ("interfaceLanguages", .array(PageLanguage.tags(project.interfaceLanguages).map(JSONValue.string))),
            ("languageAliases", .object(JSONObject(PageLanguage.aliases(allLanguages).map { ($0, JSONValue.string($1)) }))),
            ("useSystemLanguage", .bool(project.usesSystemLanguage)),
            ("rightToLeft", .array(PageLanguage.tags(knownLanguages.filter(project.isRightToLeft)).map(JSONValue.string))),
            ("slideLabel", .object(JSONObject(PageLanguage.keyed(slideLabelPatterns)))),
            ("defaultLanguage", project.defaultLanguage.map { .string(PageLanguage.tag($0)) } ?? .null),
            ("languages", .array(PageLanguage.tags(project.languages).map(JSONValue.string))),
            ("buttons", Manifest.buttons(of: project, forThePage: true)),
        ]
        if !buttonLanguages.isEmpty { fields.append(("buttonLanguages", .object(JSONObject(buttonLanguages)))) }
        // The screens last: a reader of the page's data finds the settings first.
        fields.append(("screens", .array(project.screens.map(screenTexts))))
        let data = JSONValue.object(JSONObject(fields))
        // Safe inside <script>: JSONValue escapes <, > and & as \u003c and so on.
        context["dataJSON"] = .string(data.rendered(pretty: false))
        return context
    }

    /// What the script shows of a screen in the reader's language: its texts and images (the
    /// manifest's form, without what only the manifest needs, to keep the page small).
    private func screenTexts(_ screen: OnboardingScreen) -> JSONValue {
        .object(
            JSONObject(
                Manifest.texts(of: screen, forThePage: true) + (Manifest.images(of: screen, in: project, forThePage: true).map { [("image", $0)] } ?? [])))
    }

    /// The default language, when known, and every language of the screens.
    private var knownLanguages: [String] {
        (project.defaultLanguage.map { [$0] } ?? []) + project.languages
    }

    /// Every language code the page's data names: those, and the interface languages.
    private var allLanguages: [String] {
        knownLanguages + project.interfaceLanguages
    }

    /// "N of M" in the default language and in each language of the screens that has a pattern.
    private var slideLabelPatterns: [(String, JSONValue)] {
        let fallback = InterfaceStrings.slideLabelPattern(for: project.defaultLanguage) ?? "{n} of {m}"
        return [("default", .string(fallback))]
            + project.languages.compactMap { language in
                InterfaceStrings.slideLabelPattern(for: language).map { (language, .string($0)) }
            }
    }

    /// One screen's own page, in `screens/`; `common` as for ``index(common:)``.
    func screenPage(_ screen: OnboardingScreen, common: [String: TemplateValue]) -> [String: TemplateValue] {
        var context = common
        context["assetBase"] = "../"
        context["screen"] = .object(self.screen(screen, base: "../", imageFirst: true))
        return context
    }

    /// A screen's values; `base` leads from the page to the output folder, and `imageFirst`
    /// says whether its image is the first the page shows (fetched first, never lazily).
    private func screen(_ screen: OnboardingScreen, base: String, imageFirst: Bool) -> [String: TemplateValue] {
        var context: [String: TemplateValue] = [
            "number": TemplateValue(screen.number),
            "label": .string(InterfaceStrings.slideLabel(screen.number, of: project.screens.count, language: project.defaultLanguage)),
            "isFirst": .bool(screen.number == 1),
            "isLast": .bool(screen.number == project.screens.count),
            "hasTopText": .bool(screen.texts[.topTitle] != nil || screen.texts[.topSubtitle] != nil),
            "hasBottomText": .bool(screen.texts[.bottomTitle] != nil || screen.texts[.bottomSubtitle] != nil),
        ]
        for field in TextField.allCases {
            if let text = screen.texts[field] { context[field.manifestKey] = .string(text.defaultText) }
        }
        if let image = screen.defaultImage, let asset = project.images[image.fileName] {
            var image: [String: TemplateValue] = [
                "src": .string(asset.outputPath), "width": TemplateValue(asset.size.width), "height": TemplateValue(asset.size.height),
                "priority": .bool(imageFirst),
            ]
            if asset.isResized {
                image["webpSrcset"] = .string(asset.modernVariants.sourceSet(base: base))
                image["sizes"] = .string(ImageVariantWidths.sizes)
            }
            if let placeholder = asset.placeholder { image["placeholder"] = .string(placeholder.css) }
            context["image"] = .object(image)
        }
        context["style"] = .object(style(of: screen))
        return context
    }

    /// The colours and sizes the style sheet gives each screen: its colours in SAB's three themes,
    /// and in the PWA's Sage, Rose and Charcoal where they differ from their base theme's (the
    /// style sheet falls back to those). Colours are ``HexColor`` values, checked against a
    /// strict pattern before they get here.
    private func style(of screen: OnboardingScreen) -> [String: TemplateValue] {
        let resolver = ScreenColorResolver(palette: project.palette)
        let colors = Dictionary(uniqueKeysWithValues: ColorTheme.allCases.map { ($0, resolver.colors(of: screen, theme: $0).colors) })
        let themes = ColorTheme.allCases.filter { $0.base == $0 || colors[$0] != colors[$0.base] }.map { theme -> TemplateValue in
            let themeColors = colors[theme]!
            return [
                "name": .string(theme.rawValue),
                "background": .string(themeColors.background.css),
                "title": .string(themeColors.title.css),
                "text": .string(themeColors.text.css),
                "accent": .string(themeColors.accent.css),
                "onAccent": .string(themeColors.onAccent.css),
            ]
        }
        var style: [String: TemplateValue] = ["themes": .list(themes)]
        if let percent = screen.imageMaxHeightPercent { style["imageMaxHeight"] = TemplateValue(percent) }
        return style
    }
}
