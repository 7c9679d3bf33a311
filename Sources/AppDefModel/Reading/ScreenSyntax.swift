package import XMLStreaming

/// Typed access to the parts of one `<onboarding-screen>` element tree, positions kept, nothing
/// judged: the rules decide what is wrong, the model builder what is meant.
package struct ScreenSyntax {
    /// The screen's 1-based number in document order.
    package let number: Int
    package let element: XMLElement

    package init(number: Int, element: XMLElement) {
        self.number = number
        self.element = element
    }

    package var titles: [XMLElement] { element.children(named: AppDefVocabulary.title) }
    package var imageBlocks: [XMLElement] { element.children(named: AppDefVocabulary.imageBlock) }
    var featureBlocks: [XMLElement] { element.children(named: AppDefVocabulary.features) }

    /// Every `<feature>` or `<e>` of every `<features>` block, in document order.
    package var features: [XMLElement] {
        featureBlocks.flatMap { block in
            block.children.filter { AppDefVocabulary.featureNames.contains($0.name) }
        }
    }

    /// The features with a given name, in document order.
    package func features(named name: ScreenFeature) -> [XMLElement] {
        features.filter { $0.attribute(AppDefVocabulary.nameAttribute)?.value == name.rawValue }
    }

    /// The value of the first feature with that name.
    package func featureValue(_ name: ScreenFeature) -> XMLAttribute? {
        features(named: name).first?.attribute(AppDefVocabulary.valueAttribute)
    }

    /// Whether the screen shows an image in any language.
    package var hasImage: Bool { !imageBlocks.isEmpty }
}

extension XMLElement {
    package func children(named name: String) -> [XMLElement] {
        children.filter { $0.name == name }
    }

    /// The `<translation>` or `<t>` children of a `<title>`.
    package var translations: [XMLElement] {
        children.filter { AppDefVocabulary.translationNames.contains($0.name) }
    }

    /// The text without the white space around it.
    package var trimmedText: String { text.trimmingWhitespace }

    /// Every element of the tree, this one first, depth first.
    package var descendantsAndSelf: [XMLElement] {
        [self] + children.flatMap(\.descendantsAndSelf)
    }
}
