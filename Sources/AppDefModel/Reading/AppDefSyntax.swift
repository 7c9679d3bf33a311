package import XMLStreaming

/// What the streaming reader keeps of one appDef file: its onboarding screens as small element
/// trees with positions, where the root element is, and the problems libxml2 found.
package struct AppDefSyntax {
    /// The path as the user gave it, used in diagnostics.
    package var file: String
    /// The name and position of the root element, when the file has one.
    package var root: (name: String, position: SourcePosition)?
    /// Every `<onboarding-screen>`, wherever it sits, in document order.
    package var screens: [XMLElement]
    /// The app's package id (`<package>`), which names the "onboarding shown" flag.
    package var packageName: String?
    /// Where `<package>` is.
    package var packageNamePosition: SourcePosition?
    /// The app's name (`<app-name>`), the title of the carousel page.
    package var appName: String?
    /// Where `<app-name>` is.
    package var appNamePosition: SourcePosition?
    /// The language of the appDef's default texts (`<translation-mappings default-lang>`).
    package var defaultLanguage: String?
    /// Where `default-lang` is written.
    package var defaultLanguagePosition: SourcePosition?
    /// The default language as the build uses it: `nil` when `default-lang` is absent, empty or
    /// `default`, which is no language (lint reports it) but the manifest's key of the default text.
    package var usableDefaultLanguage: String? {
        defaultLanguage.flatMap { $0.isEmpty || AppDefVocabulary.isDefaultKeyword($0) ? nil : $0 }
    }

    /// The name of the colour theme marked `default="true"` in `<color-themes>`.
    package var defaultTheme: String? {
        colorThemes?.children.first { $0.attribute("default")?.value == "true" }?.attribute("name")?.value
    }
    /// The colour themes the app offers (enabled in `<color-themes>`), in the carousel's order;
    /// SAB's Normal, Sepia and Dark when the appDef does not say.
    package var offeredThemes: [ColorTheme] {
        let enabled =
            colorThemes?.children.compactMap { theme -> ColorTheme? in
                guard theme.attribute("enabled")?.value != "false", let name = theme.attribute("name")?.value else { return nil }
                return ColorTheme(name: name)
            } ?? []
        let offered = ColorTheme.allCases.filter(enabled.contains)
        return offered.isEmpty ? ColorTheme.sabThemes : offered
    }
    /// Where `<translation-mappings>` is, for diagnostics about the button labels.
    package var translationMappingsPosition: SourcePosition?
    /// The `Button_Skip`, `Button_Next` and `Button_Start` mappings, by id.
    package var buttonMappings: [String: XMLElement] = [:]
    /// The `Language_<code>` mappings, by code: what the appDef calls each of its interface
    /// languages (`Language_Kir`: Kirundi), the first of each, at most
    /// ``AppDefReader/maximumLanguageNames``.
    package var languageNameMappings: [String: XMLElement] = [:]
    /// `<interface-languages>`: the writing systems with their direction and font.
    package var interfaceLanguages: XMLElement?
    /// `<fonts>`: the font files of each font family.
    package var fonts: XMLElement?
    /// `<color-themes>`: which themes exist and which is the default.
    var colorThemes: XMLElement?
    /// `<colors type="main">`: the named colours of each theme.
    package var mainColors: XMLElement?
    /// libxml2's errors and warnings, a refused DOCTYPE or a failed read.
    package var problems: [XMLProblem]
    /// Set when the file could not be opened at all.
    package var inputError: XMLInputError?

    package init(file: String, inputError: XMLInputError? = nil) {
        self.file = file
        self.root = nil
        self.screens = []
        self.problems = []
        self.inputError = inputError
    }
}
