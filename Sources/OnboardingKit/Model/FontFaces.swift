internal import XMLStreaming

/// A font file of a family in `<fonts>`: `<font family="font1"><f format="truetype">X.ttf</f>`
/// with `<sd property="font-weight" value="bold"/>` and `font-style`.
struct FontFace: Hashable {
    var family: String
    var fileName: String
    /// The CSS `format()` hint: truetype, opentype, woff or woff2.
    var format: String
    /// CSS font-weight: 400 or 700 (or a number written in the appDef).
    var weight: String
    /// CSS font-style: normal or italic.
    var style: String
    var position: SourcePosition

    static func faces(in element: XMLElement?) -> [FontFace] {
        guard let element else { return [] }
        return element.children.filter { $0.name == "font" }.compactMap { font in
            guard let family = font.attribute("family")?.value, !family.isEmpty,
                let file = font.children.first(where: { $0.name == "f" }), !file.trimmedText.isEmpty
            else { return nil }
            func declaration(_ property: String) -> String? {
                font.children.first { $0.name == "sd" && $0.attribute("property")?.value == property }?.attribute("value")?.value
            }
            let fileName = ImagePath.fileName(of: file.trimmedText)
            let weight = declaration("font-weight").map { $0 == "bold" ? "700" : $0 == "normal" ? "400" : $0 } ?? "400"
            let style = declaration("font-style") == "italic" ? "italic" : "normal"
            return FontFace(
                family: family, fileName: fileName, format: cssFormat(of: fileName, declared: file.attribute("format")?.value),
                weight: weight.allSatisfy(\.isNumber) ? weight : "400", style: style, position: file.position)
        }
    }

    private static func cssFormat(of fileName: String, declared: String?) -> String {
        switch ImagePath.fileExtension(of: fileName) {
        case "woff2": "woff2"
        case "woff": "woff"
        case "otf": "opentype"
        default: declared == "opentype" ? "opentype" : "truetype"
        }
    }
}
