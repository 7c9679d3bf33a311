import AppDefModel

/// Works out ``FirstOpenCost``s of a built carousel from the files the build wrote: which files
/// a screen in a language needs, and their sizes.
struct FirstOpenCosts {
    let project: OnboardingProject
    /// The size of each file of the output, by its path in the output folder.
    let sizes: [String: Int]

    init(project: OnboardingProject, files: [OutputFile]) {
        self.project = project
        sizes = Dictionary(files.map { ($0.path, $0.contents.count) }, uniquingKeysWith: { first, _ in first })
    }

    /// The page and what it names before any screen shows: `index.html`, `onboarding.css`, `onboarding.js`.
    var pageBytes: Int {
        ["index.html", "onboarding.css", "onboarding.js"].reduce(0) { $0 + (sizes[$1] ?? 0) }
    }

    /// What showing `screen` first in `language` needs. `fallsBack`: some of its texts show the
    /// default text, in the default language, whose fonts are then needed too.
    func screen(_ screen: OnboardingScreen, in language: ReviewLanguage, fallsBack: Bool) -> FirstOpenCost {
        var fontLanguages = language.code.map { [$0] } ?? []
        if fallsBack, let defaultLanguage = project.defaultLanguage { fontLanguages.append(defaultLanguage) }
        return cost(images: imagePath(of: screen, in: language.code).map { [$0] } ?? [], fonts: fontPaths(for: fontLanguages))
    }

    /// What a first visit in `language` downloads: the page, the image of every screen (the
    /// carousel fetches them one after another, each file once) and the language's fonts.
    func wholeCarousel(in language: ReviewLanguage) -> FirstOpenCost {
        var images: [String] = []
        for path in project.screens.compactMap({ imagePath(of: $0, in: language.code) }) where !images.contains(path) { images.append(path) }
        return cost(images: images, fonts: fontPaths(for: language.code.map { [$0] } ?? []))
    }

    private func cost(images: [String], fonts: [String]) -> FirstOpenCost {
        FirstOpenCost(
            pageBytes: pageBytes, imageFiles: images, imageBytes: images.map(size).reduce(0, +), fontFiles: fonts,
            fontBytes: fonts.map(size).reduce(0, +))
    }

    private func size(_ path: String) -> Int {
        sizes[path] ?? 0
    }

    /// The published file of the image a page in `language` shows on `screen`, as the carousel
    /// picks it: the image of the language (``LanguageLookup``), else the screen's default one;
    /// of its WebP variants, the one a phone takes (``FirstOpenModel/imageSlotPixels``).
    func imagePath(of screen: OnboardingScreen, in language: String?) -> String? {
        let ownLanguages = screen.images.compactMap(\.language)
        let key = language.flatMap { LanguageLookup.lookup($0, among: ownLanguages) }
        guard let image = key.flatMap({ key in screen.images.first { $0.language == key } }) ?? screen.defaultImage,
            let asset = project.images[image.fileName]
        else { return nil }
        guard asset.isResized else { return asset.outputPath }
        let widths = asset.modernVariants.sorted { $0.width < $1.width }
        return (widths.first { $0.width >= FirstOpenModel.imageSlotPixels } ?? widths.last)?.path ?? asset.outputPath
    }

    /// The font files of the families the style sheet gives `languages` (`:lang(fr)` holds for
    /// `fr` and `fr-CA`), each once.
    func fontPaths(for languages: [String]) -> [String] {
        let families = Set(
            project.fonts.languageFamilies.filter { family in
                languages.contains { language in
                    let page = LanguageTag.matchingKey(language)
                    let styled = LanguageTag.matchingKey(family.language)
                    return page == styled || page.hasPrefix(styled + "-")
                }
            }.map(\.cssFamily))
        // A file of two families is downloaded once.
        var paths: [String] = []
        for font in project.fontAssets where families.contains(font.cssFamily) && !paths.contains(font.outputPath) { paths.append(font.outputPath) }
        return paths
    }
}
