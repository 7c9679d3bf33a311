/// The gamma a PNG's `gAMA` chunk gives its samples, which browsers apply and libvips (reading
/// PNGs through libpng untouched) does not.
///
/// A `gAMA` of 1.0 (samples proportional to light, as some renderers and scientific tools
/// write) put mid-grey 128 at 188 in Chromium 156 and 186 in WebKitGTK 2.50, and the build
/// published it at 128. Browsers decode a sample s to light as s^(1 / gamma) and draw it in
/// sRGB, close to light^(1 / 2.2): the published sample is s^(1 / (gamma × 2.2)). An `sRGB` or
/// `iCCP` chunk says the colours in its place (browsers then ignore `gAMA`), and a gamma of
/// 1 / 2.2, what most writers put, changes nothing.
enum PNGGamma {
    /// The exponent e for which each sample s (of 0 to 1) is published as s^(1 / e): the
    /// PNG's gamma × 2.2, when it has a `gAMA` to apply; `nil` when it has none (or is no PNG).
    static func exponent(of png: [UInt8]) -> Double? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard png.count >= 8, png.prefix(8).elementsEqual(signature) else { return nil }
        var gamma: UInt32?
        var offset = 8
        // The chunks before the image data: `gAMA`, `sRGB` and `iCCP` must precede it.
        while offset + 8 <= png.count {
            let length = Int(bigEndian(png, offset))
            let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
            switch type {
            case "IDAT", "IEND": offset = png.count
            case "sRGB", "iCCP": return nil
            case "gAMA" where length == 4 && offset + 12 <= png.count: gamma = bigEndian(png, offset + 8)
            default: break
            }
            guard length <= png.count else { return nil }
            offset += 12 + length
        }
        // In 100,000ths; 0 is no gamma (libpng and browsers ignore it).
        guard let gamma, gamma > 0 else { return nil }
        let exponent = Double(gamma) / 100_000 * 2.2
        return abs(exponent - 1) < 0.01 ? nil : exponent
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
