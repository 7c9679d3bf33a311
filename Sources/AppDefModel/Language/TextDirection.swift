/// Which languages are written right to left, from the language code alone.
public enum TextDirection {
    /// Languages written in a right-to-left script by default.
    static let rightToLeftLanguages: Set<String> = [
        "ar", "arc", "ckb", "dv", "fa", "he", "iw", "khw", "ks", "ku-arab", "lrc", "mzn", "nqo", "pnb", "ps",
        "prs", "rhg", "sd", "syr", "ug", "ur", "yi", "ji", "bal", "bgn", "glk", "azb", "skr", "sdh", "hac",
    ]
    /// Scripts written right to left (ISO 15924).
    static let rightToLeftScripts: Set<String> = [
        "arab", "hebr", "thaa", "syrc", "nkoo", "adlm", "rohg", "samr", "mand", "mend", "yezi", "aran", "syre", "syrj", "syrn",
    ]
    /// Scripts written left to right, which make an otherwise right-to-left language read left to right.
    static let leftToRightScripts: Set<String> = ["latn", "cyrl", "deva", "grek", "hans", "hant"]

    /// Whether `code` names a language or script written right to left: `ar`, `ara`, `fa-IR`,
    /// `ur`, `az-Arab`, but not `ku-Latn`. Case-insensitive; unknown codes are left to right.
    public static func isRightToLeft(_ code: String) -> Bool {
        knownDirection(of: code)?.isRightToLeft ?? false
    }

    /// The direction `code` is written in where its script subtag or its language tells, and
    /// what told it (`its script 'arab'`, `the language 'ar'`); `nil` where neither is known.
    package static func knownDirection(of code: String) -> (isRightToLeft: Bool, reason: String)? {
        let subtags = code.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let written = subtags.first else { return nil }
        let language = ISO639.twoLetterCode(of: written) ?? written
        if let script = subtags.dropFirst().first(where: { $0.count == 4 && $0.allSatisfy(\.isLetter) }) {
            if rightToLeftScripts.contains(script) { return (true, "its script '\(script)'") }
            if leftToRightScripts.contains(script) { return (false, "its script '\(script)'") }
        }
        return rightToLeftLanguages.contains(language) ? (true, "the language '\(language)'") : nil
    }
}
