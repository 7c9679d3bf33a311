internal import XMLStreaming

/// Turns the syntax of a screen into what it means. Where the appDef is ambiguous (which lint
/// reports), it takes the first of duplicates and leaves out what it cannot use.
package enum ScreenModelBuilder {
    package static func screen(from syntax: ScreenSyntax) -> OnboardingScreen {
        var screen = OnboardingScreen(number: syntax.number)
        for title in syntax.titles {
            guard let type = title.attribute(AppDefVocabulary.typeAttribute).flatMap({ TextField(rawValue: $0.value) }),
                screen.texts[type] == nil, let text = localizedText(of: title)
            else { continue }
            screen.texts[type] = text
        }
        screen.images = images(of: syntax)
        screen.imageMaxHeightPercent = syntax.featureValue(.imageMaxHeight).flatMap { ImageMaxHeight.percent($0.value) }
        screen.background = background(of: syntax)
        return screen
    }

    /// The default text and the translations, first of each language kept, empty ones left out
    /// so that a language without text falls back to the default. `nil` without default text.
    /// A translation whose `lang` is `default` is left out too (lint reports it): `default` is
    /// the key of the default text in the manifest and the page's data, never a language.
    private static func localizedText(of title: XMLElement) -> LocalizedText? {
        var defaultText: String?
        var translations: [(language: String, text: String)] = []
        var seen: Set<String> = []
        for translation in title.translations {
            let text = translation.trimmedText
            guard !text.isEmpty else { continue }
            guard let language = translationLanguage(translation) else {
                if defaultText == nil { defaultText = text }
                continue
            }
            guard !AppDefVocabulary.isDefaultKeyword(language) else { continue }
            if seen.insert(LanguageTag.matchingKey(language)).inserted { translations.append((language, text)) }
        }
        return defaultText.map { LocalizedText(defaultText: $0, translations: translations) }
    }

    private static func images(of syntax: ScreenSyntax) -> [ScreenImage] {
        var images: [ScreenImage] = []
        var seen: Set<String?> = []
        for block in syntax.imageBlocks {
            guard let element = block.children(named: AppDefVocabulary.image).first, case let path = element.trimmedText, !path.isEmpty
            else { continue }
            let fileName = ImagePath.fileName(of: path)
            guard ImagePath.unsafeReason(fileName) == nil else { continue }
            let lang = block.attribute(AppDefVocabulary.langAttribute)?.value
            let language = ImageLanguage.normalised(lang) == nil ? nil : lang!.trimmingWhitespace
            guard seen.insert(language.map(LanguageTag.matchingKey)).inserted else { continue }
            var image = ScreenImage(language: language, sourcePath: path, fileName: fileName)
            image.position = element.position
            images.append(image)
        }
        return images
    }

    private static func background(of syntax: ScreenSyntax) -> Background {
        guard syntax.featureValue(.background)?.value == BackgroundMode.custom.rawValue else { return Background() }
        func color(_ feature: ScreenFeature) -> HexColor? {
            syntax.featureValue(feature).flatMap { HexColor(appDefValue: $0.value) }
        }
        return Background(mode: .custom, normal: color(.backgroundNormal), sepia: color(.backgroundSepia), dark: color(.backgroundDark))
    }
}
