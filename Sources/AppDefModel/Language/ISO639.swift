/// ISO 639 language codes, as far as BCP 47 needs them: a language's shortest code, and its
/// English name. The tables are generated (`ISO639+Table.swift`, by `Sources/AppDefModel/Language/generate-iso639.py`
/// from Debian's iso-codes): nothing is read from the system when the tool runs.
package enum ISO639 {
    /// The ISO 639-1 code of a three-letter ISO 639-2 (T or B) or ISO 639-3 code (`wol` gives
    /// `wo`, `fre` and `fra` give `fr`), any case, lowercased; `nil` for a code without one
    /// (`dyu`) or not three letters.
    static func twoLetterCode(of code: String) -> String? {
        guard code.utf8.count == 3 else { return nil }
        return twoLetterCodes[code.lowercased()]
    }

    /// The English name of the language a primary language subtag names (`wo`, `wol` or
    /// `WOL`: Wolof); `nil` for a language without a two-letter code.
    package static func name(of code: String) -> String? {
        let lowered = code.lowercased()
        return names[twoLetterCodes[lowered] ?? lowered]
    }
}
