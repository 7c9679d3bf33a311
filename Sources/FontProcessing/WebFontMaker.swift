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
        "harfbuzz \(FontLibraries.harfBuzzVersion) subset all-features names-only-0-2-4-6-13-14 no-stat no-hinting notdef-outline decompositions-compositions-dotted-circle whole-retain-gids-kern no-bitmaps-beside-outlines copied-tables-cut fvar-instances-whole gvar-shared-tuples-offset woff2-brotli-11 \(BrowserSanitizer.version)"
    }

    /// Whether the libraries a font needs, and OTS, are there; when not, why.
    package static var missingLibrary: FontProcessingFailure? {
        FontLibraries.harfBuzz ?? FontLibraries.woff2 ?? BrowserSanitizer.missing
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
    /// a browser draws them with the `@font-face` weight `weight` (``PublishableFont``).
    /// `largestWhole` is ``largestWholeFont`` but in tests.
    package static func make(
        from source: [UInt8], characters: [Unicode.Scalar], texts: [ShapingText], weight: Int = normalWeight,
        largestWhole: Int = largestWholeFont
    ) throws(FontProcessingFailure) -> WebFont {
        try FontLibraries.require(missingLibrary)
        let font = try PublishableFont(source, texts: texts, weight: weight)
        let difference: String
        // A font HarfBuzz reads may still be one its subsetter fails on for some characters
        // (HarfBuzz 6 fails on Droid Sans Fallback's 'cmap' for a few thousand scattered
        // Chinese characters): its subset is not to be had, as one that shapes otherwise is
        // not to be trusted, and the whole font is published in its place.
        if let subsetSfnt = try? font.font.subset(to: ShapingReach.characters(characters, texts: texts.map(\.text))) {
            // The subsetter copies the glyphs' contours as they are: the glyphs published are
            // checked. So are the composites' metrics, in the subset alone, which holds what
            // the text uses: Droid Sans Fallback has five CJK composites whose metrics differ,
            // which a whole font published for other characters would be refused for.
            try GlyphContours.check(subsetSfnt)
            try CompositeMetrics.check(subsetSfnt)
            // HarfBuzz keeps every name STAT or fvar points to: the names are cut down again.
            let subset = try WOFF2Codec.encode(try publishedTables(of: subsetSfnt))
            guard let found = self.difference(of: subset, from: font, characters: characters) else {
                return WebFont(woff2: subset, wholeFontReason: nil)
            }
            difference = found
        } else {
            difference = "cannot be made: HarfBuzz's subsetter fails on the font for these characters"
        }
        try KernTable.check(in: source)
        let wholeSfnt = try publishedTables(of: whole(of: font.font))
        try GlyphContours.check(wholeSfnt)
        // Checked before it is compressed, which takes seconds for a large font.
        if let refusal = BrowserSanitizer.refusal(of: wholeSfnt) {
            throw sourceRefusal(source) ?? FontProcessingFailure("its subset \(difference), and the whole font, as HarfBuzz made it, \(refusal)")
        }
        guard wholeSfnt.count <= largestWhole else {
            throw FontProcessingFailure(
                "its subset \(difference), and the whole font is \(megabytes(wholeSfnt.count)), more than the \(megabytes(largestWhole)) the build publishes whole (compressing it would take minutes, and visitors would download all of it)",
                isRefusal: true)
        }
        let whole = try WOFF2Codec.encode(wholeSfnt)
        if let wrong = self.difference(of: whole, from: font, characters: characters) {
            throw sourceRefusal(source) ?? FontProcessingFailure("the whole font, as HarfBuzz and the woff2 encoder made it, \(wrong)")
        }
        return WebFont(woff2: whole, wholeFontReason: difference)
    }

    /// Checks the font file `file` as ``make(from:characters:texts:)`` does, short of
    /// compressing the whole font: it decodes (WOFF, WOFF2), HarfBuzz reads its tables, it
    /// draws `texts` with outlines, its subset of `characters` (those of `texts` when not
    /// given; the build's are every text's of the carousel, ``make(from:characters:texts:)``),
    /// made into WOFF2 and read back, passes OTS and shapes them as it does, or else the whole
    /// font does. Lint asks it, so that it finds what the build would refuse of a font; what
    /// only compressing the whole font finds (a whole font too large to publish) is the
    /// build's. Gives the characters of `texts` the font lacks (``FontCoverage``), which a
    /// browser takes from another font.
    @discardableResult
    package static func checkPublishable(
        _ file: [UInt8], texts: [ShapingText], characters: [Unicode.Scalar]? = nil, weight: Int = normalWeight
    ) throws(FontProcessingFailure) -> [Unicode.Scalar] {
        try FontLibraries.require(missingLibrary)
        let source = try sfnt(from: file)
        let publishable = try PublishableFont(source, texts: texts, weight: weight)
        let font = publishable.font
        var lacked: Set<Unicode.Scalar> = []
        // The texts as the checks shaped them: each is shaped once for every check.
        for (text, glyphs) in zip(texts, publishable.shapes) {
            lacked.formUnion(FontCoverage.lackedCharacters(of: text.text, shapedAs: glyphs, in: font))
        }
        // A table HarfBuzz reads for shaping may still be one its subsetter refuses to copy
        // (an 'HVAR' or 'MATH' of bytes that are none): the build makes the subset of the
        // characters, and the whole font when that fails. Making the subset of a few hundred
        // characters, and its WOFF2, takes milliseconds; the whole font is made only then.
        // The subset is of the characters the build's is of: a damaged glyph (a CFF charstring
        // OTS refuses) is found only in a subset that holds it.
        let characters = characters ?? Set(texts.flatMap(\.text.unicodeScalars)).sorted { $0.value < $1.value }
        // And it compares the subset with the font, as the build compares what it publishes,
        // and the whole font when the subset is not alike (the build publishes it then).
        var wholeNeeded = true
        if let subset = try? font.subset(to: ShapingReach.characters(characters, texts: texts.map(\.text))) {
            let published = try publishedTables(of: subset)
            try GlyphContours.check(published)
            try CompositeMetrics.check(published)  // in the subset alone, as the build checks them
            // Made into WOFF2 as the build makes it: the encoder refuses some fonts HarfBuzz reads.
            wholeNeeded = difference(of: try WOFF2Codec.encode(published), from: publishable, characters: characters) != nil
        }
        if wholeNeeded {
            // The whole font carries the legacy 'kern' as it is, once checked, as in the build.
            try KernTable.check(in: source)
            let whole = try publishedTables(of: try whole(of: font))
            try GlyphContours.check(whole)
            if let wrong = difference(ofSfnt: whole, from: publishable, characters: characters) {
                throw sourceRefusal(source) ?? FontProcessingFailure("the whole font, as HarfBuzz made it, \(wrong)")
            }
        }
        return lacked.sorted { $0.value < $1.value }
    }

    /// Why OTS refuses the font `source` itself, when it does: what the published font lacks
    /// then follows from it (HarfBuzz leaves out a table it cannot read, and OTS says the font
    /// lacks it), and the source's reason is the one its author can mend. Asked only once the
    /// published font is refused: a subset may leave a damaged table behind. A table of the
    /// source OTS only discards is no reason: the build may not publish that table at all.
    static func sourceRefusal(_ source: [UInt8]) -> FontProcessingFailure? {
        BrowserSanitizer.refusal(of: source, wholeOnly: true).map { FontProcessingFailure("it \($0)") }
    }

    /// The sfnt `sfnt` of HarfBuzz's subsetter with its tables as the build publishes them:
    /// the names cut down again (HarfBuzz keeps every name STAT or fvar points to), and the
    /// tables it copies holding what their readers read (``CopiedTables``).
    static func publishedTables(of sfnt: [UInt8]) throws(FontProcessingFailure) -> [UInt8] {
        try CopiedTables.published(in: NameTable.publishedNames(in: sfnt))
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

    /// Whether the sfnt `sfnt` is a variable font (it has an 'fvar', which its subset and the
    /// whole font published keep), so that the pages set its axes where lint and the build
    /// checked it (``BrowserInstance``).
    package static func isVariable(_ sfnt: [UInt8]) -> Bool {
        ((try? SFNTDirectory.table("fvar", of: sfnt)) ?? nil) != nil
    }

    /// CSS `normal`, the weight the build gives a face whose appDef names none.
    package static let normalWeight = 400

    /// How a published WOFF2 differs from the sfnt `source` for `characters` and `texts` (a
    /// phrase whose subject is the published font: "lacks U+1300, which the font has"), or
    /// `nil` when it decodes and maps and shapes them all as the source does: a font from a
    /// cache is checked so before it is used.
    package static func difference(
        of woff2: [UInt8], fromSource source: [UInt8], characters: [Unicode.Scalar], texts: [ShapingText], weight: Int = normalWeight
    ) -> String? {
        do {
            return difference(of: woff2, from: try PublishableFont(source, texts: texts, weight: weight), characters: characters)
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
            let original = try PublishableFont(source, texts: texts, weight: weight)
            if let difference = difference(of: font.woff2, from: original, characters: characters) {
                return difference
            }
            guard font.wholeFontReason != nil else { return nil }
            let published = try HarfBuzzFont(sfnt: try WOFF2Codec.decode(font.woff2))
            let glyphCount = original.font.glyphCount
            return published.glyphCount == glyphCount ? nil : "is not the whole font (\(published.glyphCount) of its \(glyphCount) glyphs)"
        } catch {
            return "cannot be compared with the font: \(error.description)"
        }
    }

    /// `source` draws where browsers draw it (``PublishableFont``), and the published font is
    /// compared there too: a subset that lost or changed the font's variations draws otherwise
    /// there, though its default instance may be alike. The source's texts are not shaped
    /// again: ``PublishableFont`` shaped them.
    private static func difference(of woff2: [UInt8], from source: PublishableFont, characters: [Unicode.Scalar]) -> String? {
        guard woff2.starts(with: [0x77, 0x4F, 0x46, 0x32]) else { return "is no WOFF2 file" }
        let sfnt: [UInt8]
        do {
            sfnt = try WOFF2Codec.decode(woff2)
        } catch {
            return "does not decode: \(error.description)"
        }
        return difference(ofSfnt: sfnt, from: source, characters: characters)
    }

    /// ``difference(of:from:characters:)`` of a font before it is compressed: lint's, which
    /// makes no WOFF2 (Brotli at its highest quality takes seconds a font).
    private static func difference(ofSfnt sfnt: [UInt8], from source: PublishableFont, characters: [Unicode.Scalar]) -> String? {
        if let difference = shapingDifference(of: sfnt, from: source, characters: characters) { return difference }
        // Alike as HarfBuzz reads it, and so as WebKit draws it. Chromium and Firefox load it
        // through OTS, which refuses some fonts HarfBuzz reads and mends some tables it keeps,
        // saying only a warning: what OTS makes of it is compared too.
        switch BrowserSanitizer.load(sfnt) {
        case .refused(let reason):
            return reason
        case .loaded(let sanitized):
            let sanitizer = "as the font sanitizer of Chromium and Firefox (OTS) loads it"
            guard let loaded = try? BrowserSanitizer.drawnByBrowsers(sanitized, from: sfnt), let metrics = LineMetrics(of: sfnt),
                let loadedMetrics = LineMetrics(of: loaded)
            else {
                return "cannot be compared with what OTS makes of it: its tables cannot be read"
            }
            if let difference = metrics.difference(from: loadedMetrics, otherName: sanitizer) {
                return "is laid out otherwise in Chromium and Firefox than in WebKit: \(difference)"
            }
            return shapingDifference(of: loaded, from: source, characters: characters).map { "\(sanitizer), \($0)" }
        }
    }

    /// How the sfnt `sfnt` maps `characters` and shapes the texts of `source` otherwise than
    /// `source`, as HarfBuzz reads it; `nil` when alike.
    private static func shapingDifference(of sfnt: [UInt8], from source: PublishableFont, characters: [Unicode.Scalar]) -> String? {
        let published: HarfBuzzFont
        do {
            published = try HarfBuzzFont(sfnt: sfnt)
        } catch {
            return "cannot be read: \(error.description)"
        }
        published.drawAsBrowsers(weight: source.weight)
        if let character = characters.first(where: { source.font.hasGlyph(for: $0) != published.hasGlyph(for: $0) }) {
            let hex = codePoint(character)
            return source.font.hasGlyph(for: character) ? "lacks \(hex), which the font has" : "has \(hex), which the font lacks"
        }
        for (text, expected) in zip(source.texts, source.shapes) {
            do {
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
