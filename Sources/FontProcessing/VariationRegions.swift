/// The regions where a variable font's deltas apply, checked as the OpenType specification
/// says they must be: on each axis, start ≤ peak ≤ end, and not from one side of the default
/// to the other. HarfBuzz 6, which lint and the build draw with, ignores the axis of a region
/// that is not so (its deltas apply all along it), while Chromium and WebKit apply none of
/// them there: a glyph restored by such deltas at the instance browsers draw was checked
/// drawn and shown flat. Such a font is refused, never published.
///
/// Read by hand: no library reads a 'gvar' for its regions alone.
enum VariationRegions {
    /// Throws when a tuple of the 'gvar' of `sfnt` has a region browsers and HarfBuzz read
    /// otherwise; a table too short for what it says is left to HarfBuzz, which ignores it.
    static func check(_ sfnt: [UInt8]) throws(FontProcessingFailure) {
        guard let table = try SFNTDirectory.table("gvar", of: sfnt) else { return }
        if let problem = problem(inGlyphVariations: table) {
            throw FontProcessingFailure("its 'gvar' table is damaged: \(problem)")
        }
    }

    /// Why `region` (each axis's start, peak and end, in F2Dot14) is not one the specification
    /// allows, or `nil`.
    static func problem(start: [Int], peak: [Int], end: [Int]) -> String? {
        for axis in peak.indices where peak[axis] != 0 {
            guard start[axis] <= peak[axis], peak[axis] <= end[axis] else { return "its peak lies outside its start and end on axis \(axis + 1)" }
            guard !(start[axis] < 0 && end[axis] > 0) else { return "it runs from one side of the default to the other on axis \(axis + 1)" }
        }
        return nil
    }

    private static func problem(inGlyphVariations table: [UInt8]) -> String? {
        guard table.count >= 20 else { return nil }
        let axisCount = Int(table.uint16(at: 4))
        let glyphCount = Int(table.uint16(at: 12))
        let longOffsets = table.uint16(at: 14) & 1 == 1
        let dataStart = Int(table.uint32(at: 16))
        guard 20 + (glyphCount + 1) * (longOffsets ? 4 : 2) <= table.count else { return nil }
        func offset(_ glyph: Int) -> Int {
            longOffsets ? Int(table.uint32(at: 20 + 4 * glyph)) : 2 * Int(table.uint16(at: 20 + 2 * glyph))
        }
        func tuple(at position: Int) -> [Int]? {
            guard position >= 0, position + 2 * axisCount <= table.count else { return nil }
            return (0..<axisCount).map { Int(Int16(bitPattern: table.uint16(at: position + 2 * $0))) }
        }
        for glyph in 0..<glyphCount {
            let (from, to) = (dataStart + offset(glyph), dataStart + offset(glyph + 1))
            guard to > from, from + 4 <= table.count, to <= table.count else { continue }
            var header = from + 4
            for variation in 0..<Int(table.uint16(at: from) & 0x0FFF) {
                guard header + 4 <= to else { break }
                let index = Int(table.uint16(at: header + 2))
                header += 4
                // Only a region given with the tuple (an intermediate one) has a start and an
                // end of its own; a peak alone spans from the default to it, as the
                // specification reads it everywhere.
                guard index & 0x4000 != 0 else {
                    if index & 0x8000 != 0 { header += 2 * axisCount }
                    continue
                }
                // Its peak, given with it or one of the table's shared tuples.
                let embedded = index & 0x8000 != 0
                let sharedPeak = Int(table.uint32(at: 8)) + 2 * axisCount * (index & 0x0FFF)
                let peak = embedded ? tuple(at: header) : (index & 0x0FFF < Int(table.uint16(at: 6)) ? tuple(at: sharedPeak) : nil)
                if embedded { header += 2 * axisCount }
                guard let peak, let start = tuple(at: header), let end = tuple(at: header + 2 * axisCount) else { break }
                header += 4 * axisCount
                if let problem = problem(start: start, peak: peak, end: end) {
                    return "glyph \(glyph)'s variation \(variation + 1) has a region browsers read otherwise than HarfBuzz: \(problem)"
                }
            }
        }
        return nil
    }
}
