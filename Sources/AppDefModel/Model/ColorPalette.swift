package import XMLStreaming

/// The colour themes of a carousel: SAB's Normal, Sepia and Dark, and the SAB PWA's Sage, Rose
/// and Charcoal (since appbuilder-pwa 14), whose colours an appDef may also give.
public enum ColorTheme: String, Sendable, CaseIterable, Hashable {
    case normal, sepia, dark, sage, rose, charcoal

    /// The theme an appDef or PWA theme name (`Normal`, `Charcoal`...) stands for, any case.
    public init?(name: String) {
        self.init(rawValue: name.lowercased())
    }

    /// The theme of SAB's three whose colours stand in where the appDef gives none for this one:
    /// Sage is light, Rose warm, Charcoal dark.
    package var base: ColorTheme {
        switch self {
        case .sage: .normal
        case .rose: .sepia
        case .charcoal: .dark
        case .normal, .sepia, .dark: self
        }
    }

    /// SAB's own themes, which screens' background features name: Normal, Sepia and Dark.
    static let sabThemes: [ColorTheme] = [.normal, .sepia, .dark]
}

/// The named colours of `<colors type="main">`, per theme. A value is a hex colour or the name
/// of another colour; names are followed, and a cycle is reported rather than followed forever.
package struct ColorPalette {
    /// Why a named colour has no value in a theme.
    package enum Problem: Error, Hashable {
        case cycle([String])
        case unknownName(String)
        case notAColor(String)
    }

    /// The raw values by colour name, then by theme, with where each was written.
    private var values: [String: [ColorTheme: (value: String, position: SourcePosition)]] = [:]

    package init(_ element: XMLElement?) {
        guard let element else { return }
        for color in element.children where color.name == "color" {
            guard let name = color.attribute("name")?.value else { continue }
            for mapping in color.children {
                // The PWA export writes <cm>; any child with theme and value is read the same.
                guard let themeName = mapping.attribute("theme")?.value, let theme = ColorTheme(name: themeName),
                    let value = mapping.attribute("value")
                else { continue }
                if values[name]?[theme] == nil { values[name, default: [:]][theme] = (value.value, value.position) }
            }
        }
    }

    package var isEmpty: Bool { values.isEmpty }

    /// The colour `name` has in `theme`, following names, or why it has none. `nil` when the
    /// palette does not give that colour for that theme at all. A theme the palette gives no
    /// value for (Sage, Rose or Charcoal in most appDefs) takes its ``ColorTheme/base`` theme's.
    package func resolve(_ name: String, theme: ColorTheme) -> Result<HexColor, Problem>? {
        guard value(of: name, in: theme) != nil else { return nil }
        var chain = [name]
        var current = name
        while let raw = value(of: current, in: theme)?.value {
            if let color = HexColor(appDefValue: raw.trimmingWhitespace) { return .success(color) }
            let next = raw.trimmingWhitespace
            if chain.contains(next) { return .failure(.cycle(chain + [next])) }
            guard value(of: next, in: theme) != nil else {
                return .failure(values[next] == nil && !next.hasPrefix("#") ? .unknownName(next) : .notAColor(raw))
            }
            chain.append(next)
            current = next
        }
        return .failure(.unknownName(current))
    }

    /// Whether the palette gives `name` a value of the theme's own (not its base theme's).
    func hasOwnValue(_ name: String, theme: ColorTheme) -> Bool {
        values[name]?[theme] != nil
    }

    /// Where the value `name` takes in `theme` is written.
    package func position(of name: String, theme: ColorTheme) -> SourcePosition? {
        value(of: name, in: theme)?.position
    }

    private func value(of name: String, in theme: ColorTheme) -> (value: String, position: SourcePosition)? {
        values[name]?[theme] ?? values[name]?[theme.base]
    }
}
