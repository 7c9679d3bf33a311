/// The gamma a PNG's `gAMA` chunk gives its samples, which browsers apply and libvips (reading
/// PNGs through libpng untouched) does not.
///
/// A `gAMA` of 1.0 (samples proportional to light, as some renderers and scientific tools
/// write) put mid-grey 128 at 188 in Chromium 156 and 186 in WebKitGTK 2.50, and the build
/// published it at 128. Browsers decode a sample s to light as s^(1 / gamma) and draw it in
/// sRGB, close to light^(1 / 2.2): the published sample is s^(1 / (gamma × 2.2)). Browsers
/// read the first `gAMA` whose CRC holds; a whole `sRGB` or `iCCP` chunk says the colours in its
/// place (``holdsAProfile(_:)``). A gamma of 1 / 2.2, what most writers
/// put, changes nothing, and one past what any tool writes (outside 0.05 to 20) browsers draw
/// apart (Chromium 156 drew grey 128 of gamma 1000 white, WebKitGTK 2.50 grey or black): it is
/// left unapplied.
enum PNGGamma {
    /// The exponent e for which each sample s (of 0 to 1) is published as s^(1 / e): the
    /// PNG's gamma × 2.2, when it has a `gAMA` to apply; `nil` when it has none (or is no PNG).
    static func exponent(of png: [UInt8]) -> Double? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard png.count >= 8, png.prefix(8).elementsEqual(signature) else { return nil }
        var gamma: UInt32?
        var offset = 8
        // The chunks before the image data: `gAMA` and `sRGB` must precede it.
        while offset + 12 <= png.count {
            let length = Int(bigEndian(png, offset))
            guard length <= png.count - offset - 12 else { return nil }
            let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
            let whole = { crc32(png[offset + 4..<offset + 8 + length]) == bigEndian(png, offset + 8 + length) }
            switch type {
            case "IDAT", "IEND": offset = png.count
            case "sRGB" where length == 1 && whole(): return nil
            case "iCCP" where whole() && holdsAProfile(png[offset + 8..<offset + 8 + length]): return nil
            case "gAMA" where gamma == nil && length == 4 && whole(): gamma = bigEndian(png, offset + 8)
            default: offset += 12 + length
            }
        }
        // In 100,000ths.
        guard let gamma, (5_000...2_000_000).contains(gamma) else { return nil }
        let exponent = Double(gamma) / 100_000 * 2.2
        return abs(exponent - 1) < 0.01 ? nil : exponent
    }

    /// Whether an `iCCP` chunk's data (a name, a zero byte, compression method 0, then the
    /// profile as a zlib stream) is one: browsers ignore the gamma beside one, whatever its
    /// colours (libpng drops a grey profile of an RGB PNG, which Chromium and WebKit ignore
    /// too, with the gamma), and keep it beside bytes that are none. The stream's header is
    /// checked, as zlib checks it (deflate, and its check bits), not inflated: the check is
    /// for what a tool writes, not for a forged stream.
    private static func holdsAProfile(_ data: ArraySlice<UInt8>) -> Bool {
        // A name of 1 to 79 bytes, as the format says, or 80: both browsers set the gamma aside
        // beside one of 80 bytes (Chromium 156, WebKitGTK 2.50). Beside a longer one they
        // disagree (Chromium applies the gamma, WebKit not), and the gamma is applied.
        guard let nameEnd = data.prefix(81).firstIndex(of: 0), nameEnd > data.startIndex, nameEnd + 3 < data.endIndex,
            data[nameEnd + 1] == 0
        else { return false }
        let (method, flags) = (data[nameEnd + 2], data[nameEnd + 3])
        return method & 0x0F == 8 && (Int(method) << 8 | Int(flags)) % 31 == 0
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// CRC-32 as PNG computes it, over a chunk's type and data.
    private static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }
}
