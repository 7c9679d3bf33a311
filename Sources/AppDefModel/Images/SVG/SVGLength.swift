/// Lengths and numbers in SVG attribute values, with CSS's number syntax (no hex, `inf` or `nan`)
/// and its absolute units, as authoring tools write them (`210mm`, `8.5in`, `72pt`).
enum SVGLength {
    /// CSS pixels per unit: 1in = 96px = 2.54cm = 25.4mm = 72pt = 6pc.
    private static let pixelsPerUnit: [String: Double] = [
        "": 1, "px": 1, "in": 96, "cm": 96 / 2.54, "mm": 96 / 25.4, "q": 96 / 101.6, "pt": 96.0 / 72, "pc": 16,
    ]

    /// The length in CSS pixels, whatever its value (`1e309` is infinite, `-5` negative: the
    /// caller says why it is no size); `nil` for percentages, font-relative units (`em`) or
    /// anything that does not parse, which all defer to the viewBox.
    static func pixels(_ value: String) -> Double? {
        let text = trimmed(Array(value.utf8))
        guard let end = numberEnd(in: text, from: text.startIndex), let number = Double(String(decoding: text[..<end], as: UTF8.self))
        else { return nil }
        let unit = String(decoding: text[end...], as: UTF8.self).lowercased()
        return pixelsPerUnit[unit].map { number * $0 }
    }

    /// Width and height of a viewBox (`min-x min-y width height`, separated by white space and/or
    /// commas); `nil` unless it has four numbers and a positive width and height.
    static func viewBoxSize(_ value: String) -> (width: Double, height: Double)? {
        let separators: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ",")]
        let parts = Array(value.utf8).split(whereSeparator: separators.contains)
        guard parts.count == 4 else { return nil }
        let numbers = parts.compactMap { part -> Double? in
            numberEnd(in: part, from: part.startIndex) == part.endIndex ? double(part) : nil
        }
        guard numbers.count == 4, numbers[2] > 0, numbers[3] > 0 else { return nil }
        return (numbers[2], numbers[3])
    }

    /// The end of a number starting at `start`: `[+-]? (digits | digits.digits | .digits) ([eE][+-]?digits)?`.
    private static func numberEnd<Bytes: Collection<UInt8>>(in text: Bytes, from start: Bytes.Index) -> Bytes.Index? {
        var index = start
        func skipDigits() -> Int {
            var count = 0
            while index < text.endIndex, (0x30...0x39).contains(text[index]) {
                index = text.index(after: index)
                count += 1
            }
            return count
        }
        if index < text.endIndex, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") {
            index = text.index(after: index)
        }
        var digits = skipDigits()
        if index < text.endIndex, text[index] == UInt8(ascii: ".") {
            index = text.index(after: index)
            digits += skipDigits()
        }
        guard digits > 0 else { return nil }
        // The exponent is optional: "2em" must leave "em" as the unit, not fail as an exponent.
        let beforeExponent = index
        if index < text.endIndex, text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E") {
            index = text.index(after: index)
            if index < text.endIndex, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") {
                index = text.index(after: index)
            }
            if skipDigits() == 0 { index = beforeExponent }
        }
        return index
    }

    /// The grammar was checked by `numberEnd`, so `Double(_:)` only does the arithmetic.
    private static func double<Bytes: Collection<UInt8>>(_ text: Bytes) -> Double? {
        Double(String(decoding: text, as: UTF8.self)).flatMap { $0.isFinite ? $0 : nil }
    }

    /// Without leading and trailing XML white space.
    private static func trimmed(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else { return [] }
        return bytes[first...last]
    }
}
