/// Every lint rule, in the order the linter runs them. `rules` and the README list them by
/// ``RuleCategory``, in its order.
public enum RuleRegistry {
    static let rules: [any Rule] = [
        UnreadableFileRule(),
        MalformedXMLRule(),
        UnsupportedEncodingRule(),
        TooManyAttributesRule(),
        TooManyNamesRule(),
        DoctypeForbiddenRule(),
        NotAnAppDefRule(),
        NoOnboardingScreensRule(),
        EmptyScreenRule(),
        UnknownElementRule(),
        UnknownAttributeRule(),
        MissingAttributeRule(),
        UnknownTitleTypeRule(),
        DuplicateFieldRule(),
        MissingDefaultTranslationRule(),
        DefaultTranslationNotFirstRule(),
        DuplicateLanguageRule(),
        EmptyTextRule(),
        InvalidLanguageCodeRule(),
        ReservedLanguageCodeRule(),
        UnknownFeatureRule(),
        UnknownBackgroundModeRule(),
        MissingBackgroundColorRule(),
        InvalidColorRule(),
        ColorsWithDefaultBackgroundRule(),
        InvalidImageMaxHeightRule(),
        ImageMaxHeightWithoutImageRule(),
        MissingImagePathRule(),
        UnsafeImagePathRule(),
        ImageNotFoundRule(),
        UnsupportedImageFormatRule(),
        ImageContentMismatchRule(),
        ImageNotDecodableRule(),
        ImageLargerThanNeededRule(),
        AnimatedPNGRule(),
        UnsafeSVGContentRule(),
        ButtonLabelFallbackRule(),
        TextDirectionMismatchRule(),
        InvalidPaletteColorRule(),
        LowContrastRule(),
        StockThemeColorsRule(),
        FontNotFoundRule(),
        FontNotAFontRule(),
        LongTextRule(),
    ]

    /// The descriptions of every rule, in listing order.
    public static var descriptions: [RuleDescription] {
        rules.map { type(of: $0).description }
    }

    /// The description of the rule with this id.
    public static func description(of id: String) -> RuleDescription? {
        descriptions.first { $0.id == id }
    }
}
