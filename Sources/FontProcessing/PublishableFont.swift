/// The font a published one is made of and compared with, and the texts it must show, shaped
/// once for every check (empty glyphs, bitmaps, the characters it lacks, the comparison with
/// what is published): HarfBuzz shapes a long title in a large font in a good part of a second.
///
/// The font is the sfnt `source` without its bitmap glyph tables when it has outlines, drawing
/// at the `@font-face` weight `weight` (``HarfBuzzFont/drawAsBrowsers(weight:)``: a variable font
/// at the instance browsers draw in the pages; a font without variations as it is). A font that
/// draws a character of the texts with empty glyphs there, or with bitmaps alone (its outlines
/// empty), is refused.
struct PublishableFont {
    let font: HarfBuzzFont
    let texts: [ShapingText]
    /// Each of ``texts`` shaped by ``font``.
    let shapes: [[ShapedGlyph]]
    /// The `@font-face` weight it is drawn at.
    let weight: Int

    init(_ source: [UInt8], texts: [ShapingText], weight: Int) throws(FontProcessingFailure) {
        let original = try HarfBuzzFont(sfnt: source)
        // Browsers draw a variable font at the face's weight and the axes the style sheet sets,
        // not at its default instance: an instance whose outlines are empty there shows no text.
        let instance = original.drawAsBrowsers(weight: weight)
        try CopiedTables.check(source)
        try VariationRegions.check(source)
        let tags: Set<String>
        do {
            tags = Set(try SFNTDirectory.records(of: source).map { FontFileStructure.tag($0.tag) })
        } catch {
            throw FontProcessingFailure(error.description)
        }
        let shapes = try texts.map { text throws(FontProcessingFailure) in try original.shape(text.text, language: text.language) }
        // A colour font's 'COLR' layers, which the subsetter keeps, may draw a glyph whose
        // outline is empty. Not its 'SVG ' glyphs: the subsetter leaves that table out.
        for (text, glyphs) in zip(texts, shapes) where !tags.contains("COLR") {
            // The text as one run, then as the runs browsers shape apart.
            var undrawn = EmptyGlyphCheck.firstUndrawnCharacter(of: text.text, shapedAs: glyphs, in: original)
            if undrawn == nil { undrawn = try Self.firstUndrawnCharacter(inRunsOf: text, in: original) }
            guard let character = undrawn else { continue }
            let hex = WebFontMaker.codePoint(character)
            let svgGlyphs = tags.contains("SVG ") ? "; its 'SVG ' glyphs are not published, as HarfBuzz's subsetter leaves them out" : ""
            let place = instance.map { " at \($0.description) of its axes (where browsers draw it in the pages, its font-weight \(weight))" } ?? ""
            throw FontProcessingFailure(
                "it draws '\(text.language)' text \"\(ShapingDifference.excerpt(of: text.text))\" with empty glyphs\(place) (\(hex) among them: no outline filling an area, no bitmap\(svgGlyphs)), so visitors would see nothing there: use a font that draws it",
                isRefusal: true)
        }
        self.texts = texts
        self.weight = weight
        let bitmaps = WebFontMaker.bitmapTables.filter(tags.contains)
        guard !bitmaps.isEmpty else {
            (font, self.shapes) = (original, shapes)
            return
        }
        let font = try HarfBuzzFont(sfnt: try original.sfnt(without: bitmaps))
        font.drawAsBrowsers(weight: weight)
        var outlinedShapes: [[ShapedGlyph]] = []
        for (text, drawn) in zip(texts, shapes) {
            let outlined = try font.shape(text.text, language: text.language)
            // A space drawn by a bitmap (of nothing) and by no outline is no lost glyph.
            let utf8 = Array(text.text.utf8)
            let bitmapOnly = zip(drawn, outlined).contains { bitmap, outline in
                let character = String(decoding: utf8[min(Int(bitmap.cluster), utf8.count)...].prefix(4), as: UTF8.self).unicodeScalars.first
                return bitmap.hasInk && !outline.hasInk && character?.properties.isWhitespace != true
            }
            guard !bitmapOnly else {
                throw FontProcessingFailure(
                    "it draws '\(text.language)' text \"\(ShapingDifference.excerpt(of: text.text))\" with bitmap glyphs alone (\(bitmaps.map { "'\($0)'" }.joined(separator: ", "))), and the build publishes outlines only: use a font with outlines (glyf or CFF) for it",
                    isRefusal: true)
            }
            outlinedShapes.append(outlined)
        }
        (self.font, self.shapes) = (font, outlinedShapes)
    }

    /// ``EmptyGlyphCheck/firstUndrawnCharacter(of:shapedAs:in:)`` of each run of `text` as
    /// Chromium and as WebKit shape it (``TextRuns``), each run in its script.
    private static func firstUndrawnCharacter(inRunsOf text: ShapingText, in font: HarfBuzzFont) throws(FontProcessingFailure) -> Unicode.Scalar? {
        // The text whole, in the script HarfBuzz guesses from its first letter (as a run's is
        // found), was checked already; a run is checked once, however the two ways cut it.
        var checked: Set<String> = []
        for splitting in [false, true] {
            for run in TextRuns.runs(of: text.text, in: font, splittingAtLackedCharacters: splitting) where run.text != text.text {
                guard checked.insert("\(run.script) \(run.text)").inserted else { continue }
                let glyphs = try font.shape(run.text, language: text.language, script: run.script)
                if let character = EmptyGlyphCheck.firstUndrawnCharacter(of: run.text, shapedAs: glyphs, in: font) { return character }
            }
        }
        return nil
    }
}
