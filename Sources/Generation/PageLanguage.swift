import AppDefModel

/// The language codes the pages carry, for the browser: `lang` attributes, `:lang()` in the
/// style sheet, and the languages the carousel's script matches the visitor's against. They are
/// written as BCP 47 writes them (``LanguageTag/canonical(_:)``: SAB's `wol` is `wo`, `Kir` is
/// `ky`), since a browser, a screen reader or an accessibility checker reads `lang="wol"` as no
/// language it knows. The manifest keeps SAB's codes as written: the PWA looks its languages up
/// by them.
enum PageLanguage {
    /// `code` as the pages write it.
    static func tag(_ code: String) -> String {
        LanguageTag.canonical(code)
    }

    /// `codes` as the pages write them, in order, each language once (the first of `fr` and `fra`).
    static func tags(_ codes: [String]) -> [String] {
        var seen: Set<String> = []
        return codes.map(tag).filter { seen.insert($0.lowercased()).inserted }
    }

    /// `entries` keyed as the pages write their languages, the first of each language kept
    /// (`default` and other keys that are no language stay as they are).
    static func keyed<Value>(_ entries: [(String, Value)]) -> [(String, Value)] {
        var seen: Set<String> = []
        return entries.compactMap { key, value in
            let tagged = key == "default" ? key : tag(key)
            return seen.insert(tagged.lowercased()).inserted ? (tagged, value) : nil
        }
    }

    /// The language subtags among `codes` that the pages write otherwise, lowercased, with what
    /// they write (`wol`: `wo`): the script reads `?lang=wol` and the PWA's interface language,
    /// which are SAB's codes, through them. Sorted, each once.
    static func aliases(_ codes: [String]) -> [(String, String)] {
        var aliases: [String: String] = [:]
        for code in codes {
            let written = code.lowercased().prefix { $0 != "-" && $0 != "_" }
            let carried = tag(code).lowercased().prefix { $0 != "-" }
            if written != carried, LanguageTag.isWellFormed(code) { aliases[String(written)] = String(carried) }
        }
        return aliases.sorted { $0.key < $1.key }
    }
}
