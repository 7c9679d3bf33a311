/// Text a published font must show as its source does: what the carousel shows in one of the
/// languages that use the font.
package struct ShapingText: Hashable, Sendable {
    /// A BCP 47 tag: HarfBuzz picks the language's own forms (`locl`) by it.
    package var language: String
    package var text: String

    package init(language: String, text: String) {
        self.language = language
        self.text = text
    }
}

/// A font as the carousel publishes it: WOFF2, the subset unless that could not be trusted.
package struct WebFont: Sendable, Equatable {
    package var woff2: [UInt8]
    /// Why the whole font is published rather than its subset; `nil` for the subset.
    package var wholeFontReason: String?

    package init(woff2: [UInt8], wholeFontReason: String?) {
        self.woff2 = woff2
        self.wholeFontReason = wholeFontReason
    }
}

/// Makes the font the carousel publishes from a font file: subset with HarfBuzz to the
/// characters the carousel shows (every layout feature and the glyphs they reach kept),
/// compressed as WOFF2, then checked: the WOFF2 decoded must map the same characters and shape
/// every text as the source does, glyph by glyph (place, advance, size, outline). A subset that
/// does not is replaced by the whole font as WOFF2, with the reason: every glyph and layout
/// table a browser reads, through HarfBuzz's subsetter all the same, so that what no browser
/// reads (a font tool's private tables, the designer's names and notes) is never published.
package enum WebFontMaker {
    /// What, besides the source and the characters, decides the bytes made: a cache of them
    /// is keyed by it.
    package static var settings: String {
        "harfbuzz \(FontLibraries.harfBuzzVersion) subset all-features names-only-0-2-4-6-13-14 no-stat no-hinting notdef-outline decompositions-compositions-dotted-circle whole-retain-gids-kern no-bitmaps-beside-outlines copied-tables-cut woff2-brotli-11"
    }

    /// Whether the libraries a font needs are there; when not, why.
    package static var missingLibrary: FontProcessingFailure? {
        FontLibraries.harfBuzz ?? FontLibraries.woff2
    }

    /// The sfnt in a font file of a format ``FontFileStructure`` accepts: as it is, or unwrapped
    /// from WOFF or WOFF2.
    package static func sfnt(from file: [UInt8]) throws(FontProcessingFailure) -> [UInt8] {
        let format: FontFileFormat
        do {
            format = try FontFileStructure.format(of: file)
        } catch {
            throw FontProcessingFailure(error.description)
        }
        switch format {
        case .trueType, .openType: return file
        case .woff: return try WOFFDecoder.sfnt(from: file)
        case .woff2: return try WOFF2Codec.decode(file)
        }
    }

    /// The largest whole font the build publishes, as an sfnt: 8 MB. Brotli at its highest
    /// quality compresses some 0.5 to 1 MB a second, so this is at most some 15 s of a build;
    /// the largest fonts Debian ships for one script (Noto Sans SignWriting, Droid Sans
    /// Fallback) are 4 and 5 MB. A larger font whose subset cannot be trusted is refused.
    static let largestWholeFont = 8 << 20

    /// The tables of bitmap glyphs: Apple's colour `sbix`, Google's colour `CBDT`/`CBLC` and
    /// the monochrome `EBDT`/`EBLC`/`EBSC`. A font with outlines is published without them
    /// (browsers draw its outlines): their PNGs carry whatever text and camera data the tool
    /// that made them left, and a bitmap is larger than an outline.
    static let bitmapTables = ["sbix", "CBDT", "CBLC", "EBDT", "EBLC", "EBSC"]

    /// The published font of the sfnt `source`, for `characters` and checked with `texts` as
    /// a browser draws them with the `@font-face` weight `weight` (``publishable(_:texts:weight:)``).
    /// `largestWhole` is ``largestWholeFont`` but in tests.
    package static func make(
        from source: [UInt8], characters: [Unicode.Scalar], texts: [ShapingText], weight: Int = normalWeight,
        largestWhole: Int = largestWholeFont
    ) throws(FontProcessingFailure) -> WebFont {
        try FontLibraries.require(missingLibrary)
        let font = try publishable(source, texts: texts, weight: weight)
        let difference: String
        // A font HarfBuzz reads may still be one its subsetter fails on for some characters
        // (HarfBuzz 6 fails on Droid Sans Fallback's 'cmap' for a few thousand scattered
        // Chinese characters): its subset is not to be had, as one that shapes otherwise is
        // not to be trusted, and the whole font is published in its place.
        if let subsetSfnt = try? font.subset(to: ShapingReach.characters(characters, texts: texts.map(\.text))) {
            // HarfBuzz keeps every name STAT or fvar points to: the names are cut down again.
            let subset = try WOFF2Codec.encode(try CopiedTables.published(in: NameTable.publishedNames(in: subsetSfnt)))
            guard let found = self.difference(of: subset, from: font, characters: characters, texts: texts, weight: weight) else {
                return WebFont(woff2: subset, wholeFontReason: nil)
            }
            difference = found
        } else {
            difference = "cannot be made: HarfBuzz's subsetter fails on the font for these characters"
        }
        try KernTable.check(in: source)
        let wholeSfnt = try CopiedTables.published(in: NameTable.publishedNames(in: whole(of: font)))
        guard wholeSfnt.count <= largestWhole else {
            throw FontProcessingFailure(
                "its subset \(difference), and the whole font is \(megabytes(wholeSfnt.count)), more than the \(megabytes(largestWhole)) the build publishes whole (compressing it would take minutes, and visitors would download all of it)",
                isRefusal: true)
        }
        let whole = try WOFF2Codec.encode(wholeSfnt)
        if let wrong = self.difference(of: whole, from: font, characters: characters, texts: texts, weight: weight) {
            throw FontProcessingFailure("the whole font, as HarfBuzz and the woff2 encoder made it, \(wrong)")
        }
        return WebFont(woff2: whole, wholeFontReason: difference)
    }

    /// Checks the font file `file` as ``make(from:characters:texts:)`` does before it subsets:
    /// it decodes (WOFF, WOFF2), HarfBuzz reads its tables, and it draws `texts` with outlines.
    /// Lint asks it, so that it finds what the build would refuse of a font's glyphs; what only
    /// making the WOFF2 finds (a whole font too large to publish) is the build's. Gives the
    /// characters of `texts` the font lacks (``FontCoverage``), which a browser takes from
    /// another font.
    @discardableResult
    package static func checkPublishable(
        _ file: [UInt8], texts: [ShapingText], weight: Int = normalWeight
    ) throws(FontProcessingFailure) -> [Unicode.Scalar] {
        try FontLibraries.require(missingLibrary)
        let font = try publishable(try sfnt(from: file), texts: texts, weight: weight)
        var lacked: Set<Unicode.Scalar> = []
        for text in texts {
            lacked.formUnion(FontCoverage.lackedCharacters(of: text.text, shapedAs: try font.shape(text.text, language: text.language), in: font))
        }
        // A table HarfBuzz reads for shaping may still be one its subsetter refuses to copy
        // (an 'HVAR' or 'MATH' of bytes that are none): the build makes the subset of the
        // texts' characters, and the whole font when that fails. Making the subset of one
        // text's few characters takes milliseconds; the whole font is made only then.
        let characters = Set(texts.flatMap(\.text.unicodeScalars)).sorted { $0.value < $1.value }
        if (try? font.subset(to: ShapingReach.characters(characters, texts: texts.map(\.text)))) == nil {
            _ = try whole(of: font)
        }
        return lacked.sorted { $0.value < $1.value }
    }

    /// The whole font as HarfBuzz's subsetter copies it (``HarfBuzzFont/whole()``); when it
    /// cannot, the failure names the table without which it can, when one does.
    static func whole(of font: HarfBuzzFont) throws(FontProcessingFailure) -> [UInt8] {
        do {
            return try font.whole()
        } catch {
            let tags = (try? SFNTDirectory.records(of: try font.sfnt(without: [])))?.map { FontFileStructure.tag($0.tag) } ?? []
            let damaged = tags.first { tag in (try? HarfBuzzFont(sfnt: try font.sfnt(without: [tag])).whole()) != nil }
            guard let damaged else { throw error }
            throw FontProcessingFailure("HarfBuzz's subsetter cannot copy it: its '\(damaged)' table is damaged")
        }
    }

    /// `character` as Unicode writes it: U+0057, U+1F642.
    static func codePoint(_ character: Unicode.Scalar) -> String {
        let hex = String(character.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// `bytes` in megabytes to a tenth, or under one in kilobytes.
    static func megabytes(_ bytes: Int) -> String {
        bytes < 1 << 20 ? "\(bytes >> 10) KB" : "\(bytes >> 20).\((bytes & 0xF_FFFF) * 10 >> 20) MB"
    }

    /// Whether the published font `woff2` is variable, so that the pages set its axes where
    /// lint and the build checked it (``BrowserInstance``); `false` for one that does not decode.
    package static func isVariable(_ woff2: [UInt8]) -> Bool {
        (try? HarfBuzzFont(sfnt: WOFF2Codec.decode(woff2)))?.isVariable ?? false
    }

    /// CSS `normal`, the weight the build gives a face whose appDef names none.
    package static let normalWeight = 400

    /// The font the published one is made of and compared with: the sfnt `source` without its
    /// bitmap glyph tables when it has outlines, drawing at the `@font-face` weight `weight`
    /// (``HarfBuzzFont/drawAsBrowsers(weight:)``: a variable font at the instance browsers draw
    /// in the pages; a font without variations as it is). Refuses a font that draws a character of
    /// the text `texts` shows with empty glyphs at that weight, or with bitmaps alone (its
    /// outlines empty).
    static func publishable(_ source: [UInt8], texts: [ShapingText], weight: Int) throws(FontProcessingFailure) -> HarfBuzzFont {
        let original = try HarfBuzzFont(sfnt: source)
        // Browsers draw a variable font at the face's weight and the axes the style sheet sets,
        // not at its default instance: an instance whose outlines are empty there shows no text.
        let instance = original.drawAsBrowsers(weight: weight)
        try CopiedTables.check(source)
        let tags: Set<String>
        do {
            tags = Set(try SFNTDirectory.records(of: source).map { FontFileStructure.tag($0.tag) })
        } catch {
            throw FontProcessingFailure(error.description)
        }
        // A colour font's 'COLR' layers, which the subsetter keeps, may draw a glyph whose
        // outline is empty. Not its 'SVG ' glyphs: the subsetter leaves that table out.
        for text in texts where !tags.contains("COLR") {
            guard let character = try EmptyGlyphCheck.firstUndrawnCharacter(of: text, in: original) else { continue }
            let hex = codePoint(character)
            let svgGlyphs = tags.contains("SVG ") ? "; its 'SVG ' glyphs are not published, as HarfBuzz's subsetter leaves them out" : ""
            let place = instance.map { " at \($0.description) of its axes (where browsers draw it in the pages, its font-weight \(weight))" } ?? ""
            throw FontProcessingFailure(
                "it draws '\(text.language)' text \"\(ShapingDifference.excerpt(of: text.text))\" with empty glyphs\(place) (\(hex) among them: no outline, no bitmap\(svgGlyphs)), so visitors would see no text: use a font that draws it",
                isRefusal: true)
        }
        let bitmaps = bitmapTables.filter(tags.contains)
        guard !bitmaps.isEmpty else { return original }
        let font = try HarfBuzzFont(sfnt: try original.sfnt(without: bitmaps))
        font.drawAsBrowsers(weight: weight)
        for text in texts {
            let (drawn, outlined) = (try original.shape(text.text, language: text.language), try font.shape(text.text, language: text.language))
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
        }
        return font
    }

    /// How a published WOFF2 differs from the sfnt `source` for `characters` and `texts` (a
    /// phrase whose subject is the published font: "lacks U+1300, which the font has"), or
    /// `nil` when it decodes and maps and shapes them all as the source does: a font from a
    /// cache is checked so before it is used.
    package static func difference(
        of woff2: [UInt8], fromSource source: [UInt8], characters: [Unicode.Scalar], texts: [ShapingText], weight: Int = normalWeight
    ) -> String? {
        do {
            return difference(of: woff2, from: try publishable(source, texts: texts, weight: weight), characters: characters, texts: texts, weight: weight)
        } catch {
            return "cannot be compared with the font: \(error.description)"
        }
    }

    /// How a font from a cache differs from one ``make(from:characters:texts:)`` would give:
    /// ``difference(of:fromSource:characters:texts:)``, and, for a font said to be whole, any
    /// glyph of the source it lacks.
    package static func difference(
        of font: WebFont, fromSource source: [UInt8], characters: [Unicode.Scalar], texts: [ShapingText], weight: Int = normalWeight
    ) -> String? {
        do {
            let original = try publishable(source, texts: texts, weight: weight)
            if let difference = difference(of: font.woff2, from: original, characters: characters, texts: texts, weight: weight) {
                return difference
            }
            guard font.wholeFontReason != nil else { return nil }
            let published = try HarfBuzzFont(sfnt: try WOFF2Codec.decode(font.woff2))
            return published.glyphCount == original.glyphCount ? nil : "is not the whole font (\(published.glyphCount) of its \(original.glyphCount) glyphs)"
        } catch {
            return "cannot be compared with the font: \(error.description)"
        }
    }

    /// `source` draws at `weight` (``publishable(_:texts:weight:)``), and the published font is
    /// compared at that weight too: a subset that lost or changed the font's variations draws
    /// otherwise there, where browsers draw it, though its default instance may be alike.
    private static func difference(
        of woff2: [UInt8], from source: HarfBuzzFont, characters: [Unicode.Scalar], texts: [ShapingText], weight: Int
    ) -> String? {
        guard woff2.starts(with: [0x77, 0x4F, 0x46, 0x32]) else { return "is no WOFF2 file" }
        let published: HarfBuzzFont
        do {
            published = try HarfBuzzFont(sfnt: try WOFF2Codec.decode(woff2))
        } catch {
            return "does not decode: \(error.description)"
        }
        published.drawAsBrowsers(weight: weight)
        if let character = characters.first(where: { source.hasGlyph(for: $0) != published.hasGlyph(for: $0) }) {
            let hex = codePoint(character)
            return source.hasGlyph(for: character) ? "lacks \(hex), which the font has" : "has \(hex), which the font lacks"
        }
        for text in texts {
            do {
                let expected = try source.shape(text.text, language: text.language)
                let shaped = try published.shape(text.text, language: text.language)
                if let difference = ShapingDifference.between(expected, shaped) {
                    return "shapes '\(text.language)' text \"\(ShapingDifference.excerpt(of: text.text))\" otherwise than the font: \(difference)"
                }
            } catch {
                return "cannot be shaped: \(error.description)"
            }
        }
        return nil
    }
}

/// Where two shapings of one text part, said briefly.
enum ShapingDifference {
    static func between(_ expected: [ShapedGlyph], _ shaped: [ShapedGlyph]) -> String? {
        guard expected.count == shaped.count else { return "\(shaped.count) glyphs where the font has \(expected.count)" }
        guard let index = expected.indices.first(where: { expected[$0] != shaped[$0] }) else { return nil }
        let (wanted, got) = (expected[index], shaped[index])
        let what: String
        if wanted.cluster != got.cluster {
            what = "its cluster"
        } else if wanted.isNotdef != got.isNotdef {
            what = "being the glyph of a character the font lacks (.notdef)"
        } else if wanted.advance != got.advance {
            what = "its advance"
        } else if wanted.offset != got.offset {
            what = "its offset"
        } else {
            what = wanted.extents != got.extents ? "its size" : "its outline"
        }
        return "glyph \(index + 1) of \(expected.count) differs in \(what)"
    }

    /// The text shortened for a message.
    static func excerpt(of text: String) -> String {
        let characters = Array(text)
        return characters.count <= 30 ? text : String(characters.prefix(30)) + "…"
    }
}
