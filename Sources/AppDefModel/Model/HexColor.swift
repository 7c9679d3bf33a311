#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A colour written `#RGB`, `#RRGGBB` or `#AARRGGBB` (alpha first, as Android and SAB write it).
/// Only text that matches this strict pattern becomes a colour, so nothing else reaches CSS.
public struct HexColor: Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    /// Parses the appDef form; `nil` for anything else (names, `rgb()`, missing `#`, wrong length).
    public init?(appDefValue: String) {
        let scalars = Array(appDefValue.unicodeScalars)
        guard scalars.first == "#" else { return nil }
        let digits = scalars.dropFirst().map { Self.hexDigit($0) }
        guard !digits.contains(nil) else { return nil }
        let values = digits.map { $0! }
        switch values.count {
        case 3:
            (red, green, blue, alpha) = (values[0] * 17, values[1] * 17, values[2] * 17, 255)
        case 6:
            (red, green, blue, alpha) = (values[0] << 4 | values[1], values[2] << 4 | values[3], values[4] << 4 | values[5], 255)
        case 8:
            (alpha, red, green, blue) = (values[0] << 4 | values[1], values[2] << 4 | values[3], values[4] << 4 | values[5], values[6] << 4 | values[7])
        default:
            return nil
        }
    }

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    /// The CSS form: `#rrggbb`, or `#rrggbbaa` when not opaque.
    public var css: String {
        let channels = alpha == 255 ? [red, green, blue] : [red, green, blue, alpha]
        return "#"
            + channels.map { byte in
                let hex = String(byte, radix: 16)
                return hex.count == 1 ? "0" + hex : hex
            }.joined()
    }

    private static func hexDigit(_ scalar: Unicode.Scalar) -> UInt8? {
        switch scalar {
        case "0"..."9": UInt8(scalar.value - 48)
        case "a"..."f": UInt8(scalar.value - 87)
        case "A"..."F": UInt8(scalar.value - 55)
        default: nil
        }
    }
}

extension HexColor {
    /// The colour as seen over white, for colours with transparency.
    var overWhite: HexColor {
        guard alpha != 255 else { return self }
        func blend(_ channel: UInt8) -> UInt8 {
            let covered = Double(channel) * Double(alpha)
            let showing = 255 * Double(255 - alpha)
            return UInt8((covered + showing) / 255 + 0.5)
        }
        return HexColor(red: blend(red), green: blend(green), blue: blend(blue))
    }

    /// WCAG 2 relative luminance, from 0 (black) to 1 (white).
    var relativeLuminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        let opaque = overWhite
        return 0.2126 * linear(opaque.red) + 0.7152 * linear(opaque.green) + 0.0722 * linear(opaque.blue)
    }

    /// The WCAG 2 contrast ratio between two colours, from 1 to 21.
    package func contrastRatio(with other: HexColor) -> Double {
        let (lighter, darker) = (max(relativeLuminance, other.relativeLuminance), min(relativeLuminance, other.relativeLuminance))
        return (lighter + 0.05) / (darker + 0.05)
    }

    package static let black = HexColor(red: 0, green: 0, blue: 0)
    package static let white = HexColor(red: 255, green: 255, blue: 255)

    /// Black or white, whichever contrasts more with this colour as a background.
    var readableText: HexColor {
        contrastRatio(with: .black) >= contrastRatio(with: .white) ? .black : .white
    }
}
