/// The carousel's choice of a language among those it knows, in Swift: BCP 47 lookup (RFC 4647,
/// section 3.4), the tag and then ever shorter prefixes, in any case, with `_` read as `-`:
/// `es-MX` finds `es`, but `es` does not find `es-MX`. Codes are compared as the pages write
/// them (``LanguageTag/canonical(_:)``): `wol-SN` finds `wo` and `wol`. `onboarding.js` does
/// the same in the browser (its `lookup`, among the pages' codes); the review uses this one to
/// say what a page in a language shows.
package enum LanguageLookup {
    /// The entry of `known` that a page in `tag` takes, as written in `known`; `nil` when none.
    package static func lookup(_ tag: String, among known: [String]) -> String? {
        let keys = known.map(LanguageTag.matchingKey)
        var candidate = LanguageTag.matchingKey(tag.replacing("_", with: "-"))
        while !candidate.isEmpty {
            if let found = keys.firstIndex(of: candidate) { return known[found] }
            candidate = shorter(candidate)
        }
        return nil
    }

    /// `candidate` without its last subtag, and without a single-letter subtag (an extension's
    /// singleton) that would then end it, as RFC 4647 truncates.
    private static func shorter(_ candidate: String) -> String {
        guard let hyphen = candidate.lastIndex(of: "-") else { return "" }
        var prefix = candidate[..<hyphen]
        if let last = prefix.lastIndex(of: "-"), prefix.distance(from: last, to: prefix.endIndex) == 2 {
            prefix = prefix[..<last]
        }
        return String(prefix)
    }
}
