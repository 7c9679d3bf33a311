/// Syntax checks for BCP 47 language tags (RFC 5646), as used for the app's interface languages.
///
/// Only well-formedness is checked, not validity: subtags are not looked up in the IANA
/// registry, so "qq-Zzzz" passes. That keeps the check offline and stable across registry updates.
public enum LanguageTag {
    /// Whether `code` is a well-formed BCP 47 language tag (RFC 5646 section 2.1 syntax, case-insensitive):
    /// langtag (language[-extlang]{0,3 subtags of extlang form}, [-script], [-region], *[-variant],
    /// *[-extension], [-privateuse]), or privateuse (x-...), or one of the grandfathered tags
    /// (irregular and regular lists of RFC 5646).
    ///
    /// As RFC 5646 section 2.2.6 requires, a singleton may introduce at most one extension.
    public static func isWellFormed(_ code: String) -> Bool {
        guard let subtags = subtags(of: code) else { return false }
        if grandfathered.contains(code.lowercased()) { return true }
        var parser = Parser(subtags: subtags)
        if let first = subtags.first, ASCII.isPrivateUseSingleton(first) { return parser.privateUse() }
        return parser.langtag()
    }

    /// Whether `code` is well-formed and also written in the canonical case of RFC 5646 section 2.1.1:
    /// language lowercase, script titlecase, region uppercase, others lowercase (e.g. "en", "zh-Hant-TW", "es-419").
    public static func isCanonicalCase(_ code: String) -> Bool {
        isWellFormed(code) && canonicalCase(code) == code
    }

    /// The code in canonical case (the same string when not well-formed).
    ///
    /// RFC 5646 states the rule by shape rather than meaning, which also covers grandfathered
    /// and private-use tags: everything is lowercase except two-letter subtags (uppercase) and
    /// four-letter subtags (titlecase) that are neither first nor after a singleton.
    /// So "EN-latn-us-X-PRIV" becomes "en-Latn-US-x-priv", and "SGN-be-fr" becomes "sgn-BE-FR".
    public static func canonicalCase(_ code: String) -> String {
        guard isWellFormed(code), let subtags = subtags(of: code) else { return code }
        var cased: [String] = []
        var afterSingleton = false
        for (position, subtag) in subtags.enumerated() {
            var lower = subtag.map(ASCII.lowercased)
            if position > 0 && !afterSingleton {
                if lower.count == 2 {
                    lower = lower.map(ASCII.uppercased)
                } else if lower.count == 4 {
                    lower[0] = ASCII.uppercased(lower[0])
                }
            }
            afterSingleton = afterSingleton || subtag.count == 1
            cased.append(String(decoding: lower, as: UTF8.self))
        }
        return cased.joined(separator: "-")
    }

    /// The code as BCP 47 writes it, which the pages carry: its language subtag in its
    /// shortest ISO 639 form (RFC 5646, section 2.2.1: `wol` is `wo`, `fre` and `fra` are
    /// `fr`, `eng-GB` is `en-GB`; `dyu`, which has no two-letter code, stays) and every subtag
    /// in the canonical case of ``canonicalCase(_:)``. A code that is not well-formed is
    /// returned as it is, and so is a grandfathered tag (`i-klingon`), whose parts are no subtags.
    public static func canonical(_ code: String) -> String {
        let cased = canonicalCase(code)
        guard isWellFormed(code), !grandfathered.contains(code.lowercased()) else { return cased }
        let language = cased.prefix { $0 != "-" }
        guard let short = ISO639.twoLetterCode(of: String(language)) else { return cased }
        return short + cased.dropFirst(language.count)
    }

    /// What two codes are compared by: the same key for one language however it is written
    /// (`wol`, `WO` and `wo` are one; so are `fre-CA` and `fr-ca`). Codes that are not
    /// well-formed compare by their lowercase form.
    package static func matchingKey(_ code: String) -> String {
        canonical(code).lowercased()
    }
}

// MARK: - Grammar

extension LanguageTag {
    /// Subtags split on "-", or nil when a subtag is empty or holds anything but ASCII letters
    /// and digits (so "en_US", "en--US", "en-" and non-Latin text all fail here).
    private static func subtags(of code: String) -> [[UInt8]]? {
        let parts = Array(code.utf8).split(separator: ASCII.hyphen, omittingEmptySubsequences: false)
        guard parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(ASCII.isAlphanumeric) }) else { return nil }
        return parts.map(Array.init)
    }

    /// A cursor over the subtags that consumes one ABNF production at a time, in RFC order.
    private struct Parser {
        let subtags: [[UInt8]]
        var index = 0

        private var current: [UInt8]? { subtags.indices.contains(index) ? subtags[index] : nil }

        /// Consumes the current subtag if it matches, reporting whether it did.
        private mutating func take(_ matches: ([UInt8]) -> Bool) -> Bool {
            guard let subtag = current, matches(subtag) else { return false }
            index += 1
            return true
        }

        /// `langtag = language ["-" script] ["-" region] *("-" variant) *("-" extension) ["-" privateuse]`
        mutating func langtag() -> Bool {
            // 2-3 letters, 4 letters (reserved) or 5-8 letters (registered).
            guard take({ (2...8).contains($0.count) && $0.allSatisfy(ASCII.isAlpha) }) else { return false }
            // Only a 2-3 letter language may be followed by extlangs (3 letters, at most 3 of them).
            if let language = subtags.first, language.count <= 3 {
                var extlangs = 0
                while extlangs < 3, take({ $0.count == 3 && $0.allSatisfy(ASCII.isAlpha) }) { extlangs += 1 }
            }
            _ = take { $0.count == 4 && $0.allSatisfy(ASCII.isAlpha) }  // script
            _ = take { subtag in  // region
                (subtag.count == 2 && subtag.allSatisfy(ASCII.isAlpha))
                    || (subtag.count == 3 && subtag.allSatisfy(ASCII.isDigit))
            }
            while take(isVariant) {}
            var singletons: Set<UInt8> = []
            while let singleton = current, singleton.count == 1, !ASCII.isPrivateUseSingleton(singleton) {
                // Each singleton may appear only once (RFC 5646 section 2.2.6).
                guard singletons.insert(ASCII.lowercased(singleton[0])).inserted else { return false }
                index += 1
                guard take(isExtensionPart) else { return false }
                while take(isExtensionPart) {}
            }
            if index < subtags.count { return privateUse() }
            return true
        }

        /// `privateuse = "x" 1*("-" (1*8alphanum))`, which must end the tag.
        mutating func privateUse() -> Bool {
            guard take(ASCII.isPrivateUseSingleton) else { return false }
            guard take({ $0.count <= 8 }) else { return false }
            while take({ $0.count <= 8 }) {}
            return index == subtags.count
        }

        /// `variant = 5*8alphanum / (DIGIT 3alphanum)`; subtags are already known to be alphanumeric.
        private func isVariant(_ subtag: [UInt8]) -> Bool {
            (5...8).contains(subtag.count) || (subtag.count == 4 && ASCII.isDigit(subtag[0]))
        }

        private func isExtensionPart(_ subtag: [UInt8]) -> Bool { (2...8).contains(subtag.count) }
    }

    /// RFC 5646 section 2.2.8: tags registered before RFC 4646, lowercased. The "irregular"
    /// ones do not fit the grammar at all; the "regular" ones do, but are listed for completeness.
    private static let grandfathered: Set<String> = [
        // irregular
        "en-gb-oed", "i-ami", "i-bnn", "i-default", "i-enochian", "i-hak", "i-klingon", "i-lux", "i-mingo",
        "i-navajo", "i-pwn", "i-tao", "i-tay", "i-tsu", "sgn-be-fr", "sgn-be-nl", "sgn-ch-de",
        // regular
        "art-lojban", "cel-gaulish", "no-bok", "no-nyn", "zh-guoyu", "zh-hakka", "zh-min", "zh-min-nan", "zh-xiang",
    ]
}

// MARK: - ASCII helpers

/// The tag grammar is ASCII-only, so bytes are compared directly rather than via `Character`,
/// whose `isLetter` would also accept "ε" or "é".
private enum ASCII {
    static let hyphen = UInt8(ascii: "-")

    static func isAlpha(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
    static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
    static func isAlphanumeric(_ byte: UInt8) -> Bool { isAlpha(byte) || isDigit(byte) }
    package static func lowercased(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte + 0x20 : byte }
    package static func uppercased(_ byte: UInt8) -> UInt8 { (0x61...0x7A).contains(byte) ? byte - 0x20 : byte }

    /// "x" or "X", which starts the private-use part of a tag.
    static func isPrivateUseSingleton(_ subtag: [UInt8]) -> Bool {
        subtag.count == 1 && lowercased(subtag[0]) == UInt8(ascii: "x")
    }
}
