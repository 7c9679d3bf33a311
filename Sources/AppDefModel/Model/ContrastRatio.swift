/// How a contrast ratio is written, in lint's messages and on the review page alike.
package enum ContrastRatio {
    /// A contrast ratio cut, not rounded, to two decimals ("4.49"): a ratio just short of 4.5
    /// must not read as 4.50. Whole hundredths, so the text is the same on every platform.
    package static func twoDecimals(_ ratio: Double) -> String {
        let hundredths = Int((ratio * 100).rounded(.down))
        let fraction = hundredths % 100
        return "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }
}
