extension Unicode.Scalar {
    /// The character as Unicode writes it, for a message: `U+0009`, `U+1F642`.
    package var codePoint: String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
