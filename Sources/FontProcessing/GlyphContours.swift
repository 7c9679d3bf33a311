/// The contours of a TrueType font's glyphs as browsers take them: each simple glyph's
/// contours end at points in increasing order. HarfBuzz draws a glyph whose do not, and its
/// subsetter copies it as it is, while Chromium's font sanitiser refuses the whole 'glyf'
/// table (the text is drawn with another font, or as boxes for a script the device has no
/// font for) and WebKit draws nothing of the glyph.
///
/// Read by hand: no library checks a 'glyf' for what browsers refuse in it.
enum GlyphContours {
    /// Throws when a simple glyph of the sfnt `sfnt` has its contours' end points out of
    /// order; a font without 'glyf' (CFF outlines) has none to check.
    static func check(_ sfnt: [UInt8]) throws(FontProcessingFailure) {
        guard let glyphs = try GlyphTable(sfnt) else { return }
        for glyph in 0..<glyphs.count {
            guard let (start, end) = glyphs.range(of: glyph) else { continue }
            let contours = Int(Int16(bitPattern: glyphs.glyf.uint16(at: start)))
            guard contours > 0, start + 10 + 2 * contours <= end else { continue }
            var last = -1
            for contour in 0..<contours {
                let point = Int(glyphs.glyf.uint16(at: start + 10 + 2 * contour))
                guard point > last else {
                    throw FontProcessingFailure(
                        "its 'glyf' table is damaged: glyph \(glyph)'s contours end at points out of order (Chromium refuses such a font, and WebKit draws nothing of the glyph)"
                    )
                }
                last = point
            }
        }
    }
}

/// A TrueType font's 'glyf' table, each glyph found by 'loca' (its format from 'head', its
/// count from 'maxp').
struct GlyphTable {
    let glyf: [UInt8]
    let loca: [UInt8]
    let longOffsets: Bool
    let count: Int

    /// The glyphs of the sfnt `sfnt`; `nil` for a font without them (CFF outlines).
    init?(_ sfnt: [UInt8]) throws(FontProcessingFailure) {
        guard let glyf = try SFNTDirectory.table("glyf", of: sfnt), let loca = try SFNTDirectory.table("loca", of: sfnt),
            let head = try SFNTDirectory.table("head", of: sfnt), head.count >= 54, let maxp = try SFNTDirectory.table("maxp", of: sfnt),
            maxp.count >= 6
        else { return nil }
        (self.glyf, self.loca, longOffsets, count) = (glyf, loca, head.uint16(at: 50) == 1, Int(maxp.uint16(at: 4)))
    }

    /// Where glyph `glyph`'s data lies in ``glyf``, header included; `nil` for an empty glyph
    /// or one 'loca' places outside the table.
    func range(of glyph: Int) -> (start: Int, end: Int)? {
        let (start, end): (Int, Int)
        if longOffsets {
            guard 4 * glyph + 8 <= loca.count else { return nil }
            (start, end) = (Int(loca.uint32(at: 4 * glyph)), Int(loca.uint32(at: 4 * glyph + 4)))
        } else {
            guard 2 * glyph + 4 <= loca.count else { return nil }
            (start, end) = (2 * Int(loca.uint16(at: 2 * glyph)), 2 * Int(loca.uint16(at: 2 * glyph + 2)))
        }
        guard start + 10 <= end, end <= glyf.count else { return nil }
        return (start, end)
    }
}
