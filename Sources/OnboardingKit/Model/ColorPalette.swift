internal import XMLStreaming

/// The colour themes of a carousel: the appDef names them Normal, Sepia and Dark.
public enum ColorTheme: String, Sendable, CaseIterable, Hashable {
    case normal, sepia, dark

    /// The theme an appDef or PWA theme name stands for: its own, or the nearest for the PWA's
    /// other themes (Sage is light, Rose warm, Charcoal dark).
    public init?(name: String) {
        switch name.lowercased() {
        case "normal", "sage": self = .normal
        case "sepia", "rose": self = .sepia
        case "dark", "charcoal": self = .dark
        default: return nil
        }
    }
}

/// The named colours of `<colors type="main">`, per theme. A value is a hex colour or the name
/// of another colour; names are followed, and a cycle is reported rather than followed forever.
struct ColorPalette {
    /// Why a named colour has no value in a theme.
    enum Problem: Error, Hashable {
        case cycle([String])
        case unknownName(String)
        case notAColor(String)
    }

    /// The raw values by colour name, then by theme, with where each was written.
    private var values: [String: [ColorTheme: (value: String, position: SourcePosition)]] = [:]

    init(_ element: XMLElement?) {
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

    var isEmpty: Bool { values.isEmpty }

    /// The colour `name` has in `theme`, following names, or why it has none. `nil` when the
    /// palette does not give that colour for that theme at all.
    func resolve(_ name: String, theme: ColorTheme) -> Result<HexColor, Problem>? {
        guard values[name]?[theme] != nil else { return nil }
        var chain = [name]
        var current = name
        while let raw = values[current]?[theme]?.value {
            if let color = HexColor(appDefValue: raw.trimmingWhitespace) { return .success(color) }
            let next = raw.trimmingWhitespace
            if chain.contains(next) { return .failure(.cycle(chain + [next])) }
            guard values[next]?[theme] != nil else {
                return .failure(values[next] == nil && !next.hasPrefix("#") ? .unknownName(next) : .notAColor(raw))
            }
            chain.append(next)
            current = next
        }
        return .failure(.unknownName(current))
    }

    /// Where the value of `name` in `theme` is written.
    func position(of name: String, theme: ColorTheme) -> SourcePosition? {
        values[name]?[theme]?.position
    }
}
