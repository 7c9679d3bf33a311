import AppDefModel
internal import XMLStreaming

struct DuplicateFieldRule: Rule {
    static let description = RuleDescription(
        id: "duplicate-field", category: .structure, severity: .error,
        summary: "A screen gives the same title type, image language, image or feature twice.",
        rationale: "Each field appears once per screen; with two, which one is meant is unclear. The first one is used.",
        triggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <title type="top-title"><translation>Welcome</translation></title>
                  <title ↓type="top-title"><translation>Hello</translation></title>
                </onboarding-screen>
                """),
            RuleExample(
                """
                <onboarding-screen>
                  <onboarding-screen-image lang="default"><image>a.png</image>↓<image>b.png</image></onboarding-screen-image>
                </onboarding-screen>
                """, images: ["a.png": .png, "b.png": .png]),
            RuleExample(
                """
                <onboarding-screen>
                  <title type="top-title"><translation>Welcome</translation></title>
                  <features type="onboarding-screen">
                    <feature name="background" value="default"/>
                    <feature ↓name="background" value="custom"/>
                  </features>
                </onboarding-screen>
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <title type="top-title"><translation>Welcome</translation></title>
                  <title type="bottom-title"><translation>Hello</translation></title>
                  <onboarding-screen-image lang="default"><image>a.png</image></onboarding-screen-image>
                  <onboarding-screen-image lang="fr"><image>b.png</image></onboarding-screen-image>
                </onboarding-screen>
                """, images: ["a.png": .png, "b.png": .png])
        ])

    func check(_ context: LintContext) -> [Finding] {
        context.screens.flatMap { screen in
            duplicateTitles(screen) + duplicateImages(screen) + duplicateFeatures(screen)
        }
    }

    private func duplicateTitles(_ screen: ScreenSyntax) -> [Finding] {
        let typed = screen.titles.compactMap { title in
            title.attribute(AppDefVocabulary.typeAttribute).map { (key: $0.value, at: $0.position) }
        }
        return repeats(typed) { "title type '\($0)' appears twice on screen \(screen.number)" }
    }

    private func duplicateImages(_ screen: ScreenSyntax) -> [Finding] {
        let languages = screen.imageBlocks.map { block in
            let lang = block.attribute(AppDefVocabulary.langAttribute)
            let key = ImageLanguage.normalised(lang?.value).map(LanguageTag.matchingKey)
            return (key: key, at: lang?.position ?? block.position)
        }
        let blocks = repeats(languages) {
            $0 == nil ? "screen \(screen.number) has two default images" : "screen \(screen.number) has two images for language '\($0!)'"
        }
        let extraImages = screen.imageBlocks.flatMap { block in
            block.children(named: AppDefVocabulary.image).dropFirst().map {
                Finding(position: $0.position, message: "an image block holds one <image>; this one is ignored")
            }
        }
        return blocks + extraImages
    }

    private func duplicateFeatures(_ screen: ScreenSyntax) -> [Finding] {
        let named = screen.features.compactMap { feature in
            feature.attribute(AppDefVocabulary.nameAttribute).map { (key: $0.value, at: $0.position) }
        }
        return repeats(named) { "feature '\($0)' is given twice on screen \(screen.number)" }
    }

    /// A finding at every repeat of a key, noting where it was first given.
    private func repeats<Key: Hashable>(_ items: [(key: Key, at: SourcePosition)], message: (Key) -> String) -> [Finding] {
        var firstSeen: [Key: SourcePosition] = [:]
        var findings: [Finding] = []
        for item in items {
            if let first = firstSeen[item.key] {
                findings.append(
                    Finding(
                        position: item.at, message: message(item.key), notes: ["first given at line \(first.line), column \(first.column); that one is used"]))
            } else {
                firstSeen[item.key] = item.at
            }
        }
        return findings
    }
}
