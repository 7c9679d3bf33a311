/// Where a browser draws a variable font in the carousel's pages: the values of the registered
/// axes the pages decide, each clamped to the font's axis as browsers and HarfBuzz clamp it.
///
/// - 'wght': the `@font-face` weight, which browsers set from `font-weight` (the face's one
///   weight, to which any weight asked of it is clamped).
/// - 'wdth' 100, 'slnt' 0 and 'ital' 0: what CSS's `font-stretch: normal` and
///   `font-style: normal` ask, which the style sheet writes as `font-variation-settings` for a
///   language whose font is variable, so that no engine leaves them at the font's default (an
///   engine may, for a face that names no `font-stretch`).
/// - 'opsz' and every other axis at its default: the style sheet writes
///   `font-optical-sizing: none`, as browsers would otherwise set 'opsz' to each text's size.
///
/// Lint and the build check a variable font there only: it is where visitors see it.
package struct BrowserInstance: Equatable, Sendable {
    /// One axis set: its tag and value.
    package struct Setting: Equatable, Sendable {
        package var tag: String
        package var value: Float
    }

    /// The axes of the font among those the pages decide, with the value set, in the order
    /// 'wght', 'wdth', 'slnt', 'ital'.
    package var settings: [Setting]

    /// What the style sheet has browsers set besides the weight, as ``settings`` lists it.
    static let pinnedAxes: [(tag: String, value: Float)] = [("wdth", 100), ("slnt", 0), ("ital", 0)]

    /// The axes an instance may set, for `font-weight: weight`.
    static func requested(weight: Int) -> [(tag: String, value: Float)] {
        [("wght", Float(weight))] + pinnedAxes
    }

    /// "'wght' 700, 'wdth' 100": the values set, as a font tool writes them.
    package var description: String {
        settings.map { "'\($0.tag)' \(Self.text(of: $0.value))" }.joined(separator: ", ")
    }

    /// An axis value as CSS writes it: 700, 650.5.
    static func text(of value: Float) -> String {
        value == value.rounded() && abs(value) < 1e6 ? String(Int(value)) : String(value)
    }
}
