import AppDefModel
internal import XMLStreaming

struct ControlCharacterRule: Rule {
    static let description = RuleDescription(
        id: "control-character", category: .text, severity: .error,
        summary: "A text the pages write (a title, a button's words, a name, a language code) holds a control character or a noncharacter.",
        rationale: """
            XML lets a text hold the C1 control characters (U+0080 to U+009F), DEL and Unicode's \
            noncharacters; HTML does not: a browser shows them as boxes or as nothing, and a page \
            holding one is not valid HTML. They come from text read in the wrong encoding, most \
            often Windows-1252 read as Latin-1, where U+0085 stands for '…' and U+0092 for '’'. \
            Write the character meant, or remove it.
            """,
        triggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <title type="top-title">↓<translation>Welcome&#x85;</translation></title>
                </onboarding-screen>
                """),
            RuleExample(
                """
                <onboarding-screen>
                  <title type="top-title"><translation>Welcome</translation>↓<translation lang="fr">L&#x92;accueil</translation></title>
                </onboarding-screen>
                """),
            RuleExample(
                """
                <app-definition type="SAB">
                  <interface-languages><writing-systems><writing-system ↓code="en&#x85;" type="interface"/></writing-systems></interface-languages>
                  <onboarding-screens><onboarding-screen><title type="top-title"><translation>Welcome</translation></title></onboarding-screen></onboarding-screens>
                </app-definition>
                """),
            RuleExample(
                """
                <app-definition type="SAB">
                  ↓<app-name>Good News&#x99;</app-name>
                  <onboarding-screens><onboarding-screen><title type="top-title"><translation>Welcome</translation></title></onboarding-screen></onboarding-screens>
                </app-definition>
                """),
            RuleExample(
                """
                <app-definition type="SAB">
                  ↓<package>org.example.goodnews&#xFDD0;</package>
                  <onboarding-screens><onboarding-screen><title type="top-title"><translation>Welcome</translation></title></onboarding-screen></onboarding-screens>
                </app-definition>
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <title type="top-title"><translation>Welcome…</translation><translation lang="fr">L’accueil</translation></title>
                </onboarding-screen>
                """)
        ])

    func check(_ context: LintContext) -> [Finding] {
        let titles = context.screens.flatMap(\.titles).flatMap(\.translations)
        let buttons = context.syntax.buttonMappings.values.flatMap(\.translations)
        var texts = (titles + buttons).map { translation in
            (translation.position, translation.text, translationLanguage(translation).map { "the '\($0)' translation" } ?? "the default translation")
        }
        if let name = context.syntax.appName, let position = context.syntax.appNamePosition { texts.append((position, name, "the app's name")) }
        // The package id names the flag the pages' script keeps, in the script itself.
        if let package = context.syntax.packageName, let position = context.syntax.packageNamePosition {
            texts.append((position, package, "the package id"))
        }
        // The language codes the pages write in `lang` and their data: of the texts and images,
        // the buttons' words, the writing systems, and the default language.
        let elements = context.screens.map(\.element) + Array(context.syntax.buttonMappings.values) + [context.syntax.interfaceLanguages].compactMap { $0 }
        for attribute in elements.flatMap(Self.attributes) where ["lang", "code"].contains(attribute.name) {
            texts.append((attribute.position, attribute.value, "the language code '\(attribute.name)'"))
        }
        if let language = context.syntax.defaultLanguage, let position = context.syntax.defaultLanguagePosition {
            texts.append((position, language, "the default language 'default-lang'"))
        }
        return texts.sorted { $0.0 < $1.0 }.compactMap { position, text, what in
            let found = Array(Set(text.unicodeScalars.filter(Self.cannotShow))).sorted { $0.value < $1.value }
            guard !found.isEmpty else { return nil }
            let meant = found.compactMap { scalar in Self.windows1252[scalar.value].map { "\(scalar.codePoint) for '\($0)'" } }
            return Finding(
                position: position,
                message: "\(what) holds \(found.count == 1 ? "a character" : "characters") no page can show: \(ShortList.text(found.map(Self.describe)))",
                notes: meant.isEmpty ? [] : ["read as Windows-1252, the text would have \(ShortList.text(meant)): it may have been read in the wrong encoding"])
        }
    }

    /// Every attribute of `element` and of the elements inside it.
    private static func attributes(of element: XMLElement) -> [XMLAttribute] {
        element.attributes + element.children.flatMap(attributes)
    }

    /// C1 controls, DEL and the noncharacters: what HTML's parser reports as
    /// `control-character-in-input-stream` and `noncharacter-in-input-stream`.
    static func cannotShow(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (0x7F...0x9F).contains(value) || (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE
    }

    static func describe(_ scalar: Unicode.Scalar) -> String {
        (0xFDD0...0xFDEF).contains(scalar.value) || scalar.value & 0xFFFE == 0xFFFE
            ? "\(scalar.codePoint) (a noncharacter)" : "\(scalar.codePoint) (a control character)"
    }

    /// What the C1 bytes stand for in Windows-1252, the encoding text read as Latin-1 most often
    /// was (the five bytes it leaves undefined have no entry).
    static let windows1252: [UInt32: String] = [
        0x80: "€", 0x82: "‚", 0x83: "ƒ", 0x84: "„", 0x85: "…", 0x86: "†", 0x87: "‡", 0x88: "ˆ", 0x89: "‰", 0x8A: "Š",
        0x8B: "‹", 0x8C: "Œ", 0x8E: "Ž", 0x91: "‘", 0x92: "’", 0x93: "“", 0x94: "”", 0x95: "•", 0x96: "–", 0x97: "—",
        0x98: "˜", 0x99: "™", 0x9A: "š", 0x9B: "›", 0x9C: "œ", 0x9E: "ž", 0x9F: "Ÿ",
    ]
}
