package import XMLStreaming

/// A font file of a family in `<fonts>`: `<font family="font1"><f format="truetype">X.ttf</f>`
/// with `<sd property="font-weight" value="bold"/>` and `font-style`, as the PWA's data export
/// writes it, or `<filename>` and `<style-decl>` as SAB's project files do.
package struct FontFace: Hashable {
    package var family: String
    package var fileName: String
    /// CSS font-weight: a whole number from 1 to 1000 (`bold` is 700, `normal` and anything
    /// that is not a CSS weight 400), so that only a CSS value reaches the style sheet.
    package var weight: String
    /// CSS font-style: normal or italic.
    package var style: String
    package var position: SourcePosition

    /// The element naming the file, in the export's short form and the project file's long one.
    static let fileNames: Set<String> = ["f", "filename"]
    /// The element declaring a CSS property of the face, in both forms.
    static let declarationNames: Set<String> = ["sd", "style-decl"]

    static func faces(in element: XMLElement?) -> [FontFace] {
        guard let element else { return [] }
        return element.children.filter { $0.name == "font" }.compactMap { font in
            guard let family = font.attribute("family")?.value, !family.isEmpty,
                let file = font.children.first(where: { fileNames.contains($0.name) }), !file.trimmedText.isEmpty
            else { return nil }
            func declaration(_ property: String) -> String? {
                font.children.first { declarationNames.contains($0.name) && $0.attribute("property")?.value == property }?.attribute("value")?.value
            }
            let fileName = ImagePath.fileName(of: file.trimmedText)
            let style = declaration("font-style") == "italic" ? "italic" : "normal"
            return FontFace(
                family: family, fileName: fileName, weight: declaration("font-weight").flatMap(cssWeight) ?? "400", style: style, position: file.position)
        }
    }

    /// The CSS weight an appDef's `font-weight` names: `bold`, `normal` or ASCII digits from 1 to
    /// 1000 (not `٧٠٠`, which Swift counts as digits and CSS does not); `nil` for anything else.
    static func cssWeight(_ value: String) -> String? {
        let value = value.trimmingWhitespace
        switch value {
        case "bold": return "700"
        case "normal": return "400"
        default:
            guard !value.isEmpty, value.utf8.count <= 4, value.utf8.allSatisfy({ (48...57).contains($0) }),
                let number = Int(value), (1...1000).contains(number)
            else { return nil }
            return String(number)
        }
    }
}
