/// The colours SAB writes into `<colors type="main">` for its themes by default, which the
/// carousel uses where an appDef's palette gives a colour no value for a theme: an appDef whose
/// palette is empty (SAB 13's Wolof Bible writes only PrimaryColor; five of the fourteen real
/// appDefs the tests read write none) would otherwise show its default screens white in Dark
/// and Charcoal, beside an app and custom screens that are dark.
///
/// The values are those of the real appDefs that give the whole palette (the PWA's
/// characterization test app and example data, its static appDefs of SAB 10.0.1 to 11.3,
/// Ind-Zikundwa of SAB 12.2.3: eight files of SAB 10 to 12.3, some 130 colours each), which
/// agree on each of them but the app's own brand colours: TitlesColor and PrimaryColor in
/// Normal differ from app to app, so Normal has no stock value of them (and one app chose its
/// own Sepia and Dark PrimaryColor; seven agree). BackgroundColor in Normal is #F0F0F0 there,
/// but SAB's apps show a screen's default background white, as the carousel does
/// (``ScreenColorResolver``). The PWA's Sage, Rose and Charcoal take Normal's, Sepia's and
/// Dark's, as their palette colours do (``ColorTheme/base``).
enum StockColors {
    /// The palette colours the carousel uses that SAB gives a stock value, by theme.
    static let values: [ColorTheme: [String: HexColor]] = [
        .normal: [
            "TextColor": HexColor(red: 0x00, green: 0x00, blue: 0x00)
        ],
        .sepia: [
            "BackgroundColor": HexColor(red: 0xE9, green: 0xD8, blue: 0xBA),
            "TextColor": HexColor(red: 0x5A, green: 0x41, blue: 0x29),
            "TitlesColor": HexColor(red: 0x51, green: 0x3A, blue: 0x24),
            "PrimaryColor": HexColor(red: 0x4E, green: 0x34, blue: 0x2E),
        ],
        .dark: [
            "BackgroundColor": HexColor(red: 0x00, green: 0x00, blue: 0x00),
            "TextColor": HexColor(red: 0xE0, green: 0xE0, blue: 0xE0),
            "TitlesColor": HexColor(red: 0xE0, green: 0xE0, blue: 0xE0),
            "PrimaryColor": HexColor(red: 0x18, green: 0x18, blue: 0x18),
        ],
    ]

    /// SAB's stock value of a palette colour in a theme (Sage, Rose and Charcoal: their base
    /// theme's), or `nil` when it has none.
    static func color(_ name: String, theme: ColorTheme) -> HexColor? {
        values[theme.base]?[name]
    }
}
