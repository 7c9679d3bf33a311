import Testing

@testable import OnboardingKit

@Suite("LanguageTag")
struct LanguageTagTests {
    @Test(arguments: [
        // language, extlang, script, region, variant
        "en", "mal", "Kir", "es-MX", "es-419", "zh-Hant", "zh-Hant-TW", "sr-Latn-RS", "de-CH-1996", "de-1901",
        "zh-yue", "zh-yue-HK", "zh-cmn-Hans-CN", "ar-afb-acm-apc", "sl-rozaj-biske", "sl-IT-nedis",
        "hy-Latn-IT-arevela", "abcd", "abcdefgh", "qaa-Qaaa-QM-x-southern", "en-US-posix",
        // extensions and private use
        "de-DE-u-co-phonebk", "en-US-u-islamcal", "en-a-bbb-b-ccc-x-a",
        "en-Latn-GB-boont-r-extended-sequence-x-private",
        "x-private", "X-Whatever-1-a", "x-12345678", "en-x-US",
        // grandfathered, irregular and regular
        "i-klingon", "I-DEFAULT", "en-GB-oed", "sgn-BE-FR", "art-lojban", "zh-min-nan", "cel-gaulish",
        // case-insensitive
        "EN-us", "ZH-hANT-tw",
    ])
    func wellFormed(code: String) {
        #expect(LanguageTag.isWellFormed(code))
    }

    @Test(arguments: [
        "", "e", "english_US", "en_US", "123", "en--US", "en-", "-en", "toolonglanguage", "fr-FR-x", "ελ",
        "en US", " en", "en ", "en-US\n", "abcdefghi", "1996", "en-é",
        "i-foo",  // "i" only begins grandfathered tags
        "en-a", "en-a-b", "en-a-bbb-a-ccc", "en-A-bbb-a-ccc",  // empty or repeated singletons
        "en-US-Latn", "en-Latn-Cyrl", "en-US-GB", "en-1234567890",  // out of order, repeated, too long
        "en-abc-def-ghi-jkl",  // four extlangs
        "abcde-abc",  // extlangs only follow a 2-3 letter language
        "x", "x-", "x-123456789", "en-x-toolongpriv", "en-x-a-", "ab-c",
    ])
    func notWellFormed(code: String) {
        #expect(!LanguageTag.isWellFormed(code))
        #expect(!LanguageTag.isCanonicalCase(code))
        #expect(LanguageTag.canonicalCase(code) == code, "left alone when not well-formed")
    }

    @Test(arguments: [
        ("en", "en"), ("EN", "en"), ("Kir", "kir"), ("en-us", "en-US"), ("ZH-hant-tw", "zh-Hant-TW"),
        ("es-419", "es-419"), ("SR-LATN-rs", "sr-Latn-RS"), ("de-ch-1996", "de-CH-1996"),
        ("ZH-YUE-hk", "zh-yue-HK"), ("sl-ROZAJ-BISKE", "sl-rozaj-biske"), ("X-PRIVATE", "x-private"),
        ("en-A-BBB-X-AB-CDEF", "en-a-bbb-x-ab-cdef"),  // no upper/title case after a singleton
        ("az-latn-x-latn", "az-Latn-x-latn"), ("en-ca-x-ca", "en-CA-x-ca"),
        ("I-KLINGON", "i-klingon"), ("sgn-be-fr", "sgn-BE-FR"), ("EN-gb-OED", "en-GB-oed"),
        ("Zh-Min-Nan", "zh-min-nan"),
    ])
    func canonicalCase(code: String, canonical: String) {
        #expect(LanguageTag.canonicalCase(code) == canonical)
        #expect(LanguageTag.isCanonicalCase(canonical))
        #expect(LanguageTag.isCanonicalCase(code) == (code == canonical))
        #expect(LanguageTag.canonicalCase(canonical) == canonical, "idempotent")
    }
}
