/// The carousel's button words in the common SAB interface languages, for languages whose
/// appDef has no `Button_Skip`, `Button_Next` or `Button_Start` mapping.
enum ButtonLabelTable {
    struct Words: Hashable {
        var skip: String
        var next: String
        var start: String
    }

    /// By primary language subtag.
    static let words: [String: Words] = [
        "en": Words(skip: "Skip", next: "Next", start: "Start"),
        "fr": Words(skip: "Passer", next: "Suivant", start: "Commencer"),
        "es": Words(skip: "Omitir", next: "Siguiente", start: "Comenzar"),
        "pt": Words(skip: "Pular", next: "Próximo", start: "Começar"),
        "de": Words(skip: "Überspringen", next: "Weiter", start: "Starten"),
        "ru": Words(skip: "Пропустить", next: "Далее", start: "Начать"),
        "ar": Words(skip: "تخطٍّ", next: "التالي", start: "ابدأ"),
        "fa": Words(skip: "رد شدن", next: "بعدی", start: "شروع"),
        "hi": Words(skip: "छोड़ें", next: "आगे", start: "शुरू करें"),
        "id": Words(skip: "Lewati", next: "Berikutnya", start: "Mulai"),
        "ms": Words(skip: "Langkau", next: "Seterusnya", start: "Mula"),
        "sw": Words(skip: "Ruka", next: "Inayofuata", start: "Anza"),
        "zh": Words(skip: "跳过", next: "下一步", start: "开始"),
        "ko": Words(skip: "건너뛰기", next: "다음", start: "시작"),
        "tr": Words(skip: "Atla", next: "İleri", start: "Başla"),
        "vi": Words(skip: "Bỏ qua", next: "Tiếp", start: "Bắt đầu"),
        "th": Words(skip: "ข้าม", next: "ถัดไป", start: "เริ่ม"),
        "am": Words(skip: "ዝለል", next: "ቀጣይ", start: "ጀምር"),
        "my": Words(skip: "ကျော်ရန်", next: "ရှေ့သို့", start: "စတင်ရန်"),
        "ur": Words(skip: "چھوڑیں", next: "اگلا", start: "شروع کریں"),
    ]

    /// The words for a language code, by its primary subtag, any case.
    static func words(for language: String?) -> Words? {
        guard let language else { return nil }
        return words[LanguageCode.primarySubtag(of: language)]
    }
}

/// Small helpers on language codes as written in appDefs.
package enum LanguageCode {
    /// `es` for `es-MX`, `zh` for `zh_Hant`, `wo` for `wol-SN`: lowercased, before the first
    /// `-` or `_`, in its shortest ISO 639 form as BCP 47 writes it.
    static func primarySubtag(of code: String) -> String {
        let primary = String(code.lowercased().prefix { $0 != "-" && $0 != "_" })
        return ISO639.twoLetterCode(of: primary) ?? primary
    }

    /// Whether two codes name the same language, whatever their case and whichever ISO 639
    /// code they are written in (`wol` and `wo`).
    package static func same(_ a: String?, _ b: String?) -> Bool {
        guard let a, let b else { return false }
        return LanguageTag.matchingKey(a) == LanguageTag.matchingKey(b)
    }
}
