extension [OnboardingScreen] {
    /// Every language the screens have text or images in, in order of first appearance, each
    /// once whatever its case. The rules and the generated pages both start from it.
    package var languages: [String] {
        var seen: Set<String> = []
        var ordered: [String] = []
        for screen in self {
            let textLanguages = TextField.allCases.compactMap { screen.texts[$0] }.flatMap(\.languages)
            for language in textLanguages + screen.images.compactMap(\.language)
            where seen.insert(language.lowercased()).inserted {
                ordered.append(language)
            }
        }
        return ordered
    }
}
