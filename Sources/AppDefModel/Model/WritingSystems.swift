package import XMLStreaming

/// What `<interface-languages>` says of each language: its text direction and font family.
package struct WritingSystems: Hashable {
    package struct System: Hashable {
        package var code: String
        /// From the `text-direction` trait: `true` for RTL, `false` for LTR, `nil` when not said.
        package var rightToLeft: Bool?
        /// The font family id (`font1`), `nil` for the system font.
        var fontFamily: String?
        /// Whether the app offers the language (`enabled="false"` on ones SAB keeps but hides).
        package var enabled = true
    }

    package var systems: [System] = []
    /// The `use-system-language` trait: whether the app takes the browser's languages; `nil`
    /// when not said.
    package var usesSystemLanguage: Bool?

    package init(systems: [System] = [], usesSystemLanguage: Bool? = nil) {
        self.systems = systems
        self.usesSystemLanguage = usesSystemLanguage
    }

    package init(_ element: XMLElement?) {
        guard let element else { return }
        let trait = element.children.first { $0.name == "trait" && $0.attribute("name")?.value == "use-system-language" }
        usesSystemLanguage = trait?.attribute("value").map { $0.value.trimmingWhitespace.lowercased() == "true" }
        for system in element.descendantsAndSelf where system.name == "writing-system" {
            guard let code = system.attribute("code")?.value, !code.isEmpty else { continue }
            let direction = system.children.first {
                $0.name == "trait" && $0.attribute("name")?.value == "text-direction"
            }?.attribute("value")?.value.uppercased()
            let family = system.children.first { $0.name == "font-family" }?.trimmedText
            systems.append(
                System(
                    code: code, rightToLeft: direction == "RTL" ? true : direction == "LTR" ? false : nil,
                    fontFamily: family.flatMap { $0.isEmpty || $0 == "system" ? nil : $0 },
                    enabled: system.attribute("enabled")?.value != "false"))
        }
    }

    func system(for language: String?) -> System? {
        guard let language else { return nil }
        return systems.first { LanguageCode.same($0.code, language) }
            ?? systems.first { LanguageCode.same($0.code, LanguageCode.primarySubtag(of: language)) }
    }

    /// The writing system's own direction, else the built-in list of right-to-left languages.
    package func isRightToLeft(_ language: String) -> Bool {
        system(for: language)?.rightToLeft ?? TextDirection.isRightToLeft(language)
    }
}
