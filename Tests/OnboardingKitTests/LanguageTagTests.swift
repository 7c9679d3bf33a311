import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
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

    /// BCP 47 takes a language's shortest ISO 639 code (RFC 5646, section 2.2.1): what the
    /// pages carry. A three-letter code without a two-letter one stays; so does a tag that is
    /// not well-formed, or grandfathered.
    @Test(arguments: [
        ("wol", "wo"), ("WOL", "wo"), ("wo", "wo"), ("fre", "fr"), ("fra", "fr"), ("ger", "de"), ("deu", "de"),
        ("eng", "en"), ("eng-UK", "en-UK"), ("fra-ca", "fr-CA"), ("mal", "ml"), ("hin", "hi"), ("Kir", "ky"),
        ("dyu", "dyu"), ("grc", "grc"), ("es-419", "es-419"), ("zh-hant-tw", "zh-Hant-TW"), ("wol-x-private", "wo-x-private"),
        ("i-klingon", "i-klingon"), ("SGN-be-fr", "sgn-BE-FR"), ("english_US", "english_US"), ("x-wol", "x-wol"),
    ])
    func canonical(code: String, canonical: String) {
        #expect(LanguageTag.canonical(code) == canonical)
        #expect(LanguageTag.canonical(canonical) == canonical, "idempotent")
        #expect(LanguageTag.matchingKey(code) == LanguageTag.matchingKey(canonical))
    }

    @Test func languagesWrittenDifferentlyMatchAsOne() {
        #expect(LanguageTag.matchingKey("wol") == LanguageTag.matchingKey("WO"))
        #expect(LanguageTag.matchingKey("fre-CA") == LanguageTag.matchingKey("fr-ca"))
        #expect(LanguageTag.matchingKey("dyu") != LanguageTag.matchingKey("wol"))
    }

    /// The generated table holds what Debian's iso-codes says, no more and no less: every
    /// ISO 639-3 and ISO 639-2 (T and B) code of a language with an ISO 639-1 code, with it.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: ISOCodes.folder), ISOCodes.absent))
    func theTableIsDebiansIsoCodes() throws {
        var expected: [String: String] = [:]
        for entry in try ISOCodes.entries("iso_639-3.json", "639-3") {
            if let two = entry["alpha_2"], let three = entry["alpha_3"] { expected[three] = two }
        }
        for entry in try ISOCodes.entries("iso_639-2.json", "639-2") {
            guard let two = entry["alpha_2"] else { continue }
            for code in [entry["alpha_3"], entry["bibliographic"]].compactMap(\.self) { expected[code] = two }
        }
        #expect(expected.count > 200)
        #expect(ISO639.twoLetterCodes == expected, "run Sources/AppDefModel/Language/generate-iso639.py again")
    }
}

/// Debian's iso-codes, which `make test` installs: the source of the ISO 639 table.
private enum ISOCodes {
    static let folder = "/usr/share/iso-codes/json"
    static let absent: Comment = "Debian's iso-codes is not installed (make test-deps installs it)"

    static func entries(_ file: String, _ key: String) throws -> [[String: String]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(file)"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(object[key] as? [[String: String]])
    }
}
