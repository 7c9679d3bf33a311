/// The metrics of a TrueType font's composite glyphs as every engine takes them: a component
/// flagged USE_MY_METRICS gives the composite its metrics in FreeType (WebKit on Linux,
/// Android's text stack), while HarfBuzz, which the checks shape with, and Chromium take the
/// composite's own advance from 'hmtx'. When the two advances differ, WebKit set "WWWW" at
/// twice the width the checks measured; OTS does not look at it.
///
/// Checked in the subset, which holds the glyphs the text uses (and a subset the subsetter
/// cannot make leaves the whole font unchecked for it): a real font may have such composites
/// among glyphs no text of the carousel uses (Droid Sans Fallback, five CJK ones).
///
/// Read by hand: no library compares a composite's advance with its metrics component's.
enum CompositeMetrics {
    /// The component flags read: its arguments are words, a scale, an x and y scale, a 2 by
    /// 2 transform, more components follow, the component's metrics are the glyph's.
    private static let argumentsAreWords: UInt16 = 0x0001
    private static let scale: UInt16 = 0x0008
    private static let moreComponents: UInt16 = 0x0020
    private static let xAndYScale: UInt16 = 0x0040
    private static let twoByTwo: UInt16 = 0x0080
    private static let useMyMetrics: UInt16 = 0x0200

    /// Throws when a composite glyph of the sfnt `sfnt` takes its metrics from a component
    /// whose advance is not its own; a font without 'glyf' (CFF outlines) has none.
    static func check(_ sfnt: [UInt8]) throws(FontProcessingFailure) {
        guard let glyphs = try GlyphTable(sfnt), let hhea = try SFNTDirectory.table("hhea", of: sfnt), hhea.count >= 36,
            let hmtx = try SFNTDirectory.table("hmtx", of: sfnt)
        else { return }
        let metricCount = Int(hhea.uint16(at: 34))
        func advance(_ glyph: Int) -> Int? {
            let record = 4 * min(glyph, metricCount - 1)
            guard metricCount > 0, record + 2 <= hmtx.count else { return nil }
            return Int(hmtx.uint16(at: record))
        }
        for glyph in 0..<glyphs.count {
            guard let (start, end) = glyphs.range(of: glyph), Int16(bitPattern: glyphs.glyf.uint16(at: start)) < 0 else { continue }
            var at = start + 10
            while at + 4 <= end {
                let flags = glyphs.glyf.uint16(at: at)
                let component = Int(glyphs.glyf.uint16(at: at + 2))
                if flags & useMyMetrics != 0, let own = advance(glyph), let its = advance(component), own != its {
                    throw FontProcessingFailure(
                        "its 'glyf' table is damaged: glyph \(glyph) takes its metrics from glyph \(component) (USE_MY_METRICS), whose advance is \(its) where its own is \(own) (WebKit sets it at the one, Chromium at the other)"
                    )
                }
                at += 4 + (flags & argumentsAreWords != 0 ? 4 : 2)
                at += flags & scale != 0 ? 2 : flags & xAndYScale != 0 ? 4 : flags & twoByTwo != 0 ? 8 : 0
                guard flags & moreComponents != 0 else { break }
            }
        }
    }
}
