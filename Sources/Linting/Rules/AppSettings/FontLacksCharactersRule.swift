import AppDefModel

struct FontLacksCharactersRule: Rule {
    static let description = RuleDescription(
        id: "font-lacks-characters", category: .appSettings, severity: .warning,
        summary: "A language's font has no glyph for some letters, digits or punctuation of its text.",
        rationale: """
            A browser draws a character its font lacks with another font, when the visitor's device \
            has one: a minority script's letters show as boxes on phones without a font for them, \
            and elsewhere in a font that does not match the rest of the word. Lint shapes each text \
            of the languages that use a font, as browsers do (a character drawn from its \
            decomposition counts as drawn), and names the letters, marks, digits and punctuation the \
            font lacks; emoji and symbols, which phones draw with fonts of their own, are not counted. \
            Give the language a font that has them, or correct the text (a look-alike letter of \
            another script typed by mistake).
            """,
        triggeringExamples: [
            RuleExample(
                """
                <?xml version="1.0" encoding="utf-8"?>
                <app-definition>
                  <fonts><font family="font1"><font-name>Boxes</font-name>↓<f format="truetype">Boxes.ttf</f></font></fonts>
                  <interface-languages><writing-systems>
                    <writing-system code="en" type="interface"><font-family>font1</font-family></writing-system>
                  </writing-systems></interface-languages>
                  <translation-mappings default-lang="en"><tm id="Button_Skip"><t lang="en">Skip</t></tm><tm id="Button_Next"><t lang="en">Next</t></tm><tm id="Button_Start"><t lang="en">Start</t></tm></translation-mappings>
                  <onboarding-screen><title type="top-title"><t>Ɓara ŋga</t></title></onboarding-screen>
                </app-definition>
                """, fonts: ["Boxes.ttf": .trueTypeDrawingASCII])
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <?xml version="1.0" encoding="utf-8"?>
                <app-definition>
                  <fonts><font family="font1"><font-name>Boxes</font-name><f format="truetype">Boxes.ttf</f></font></fonts>
                  <interface-languages><writing-systems>
                    <writing-system code="en" type="interface"><font-family>font1</font-family></writing-system>
                  </writing-systems></interface-languages>
                  <translation-mappings default-lang="en"><tm id="Button_Skip"><t lang="en">Skip</t></tm><tm id="Button_Next"><t lang="en">Next</t></tm><tm id="Button_Start"><t lang="en">Start</t></tm></translation-mappings>
                  <onboarding-screen><title type="top-title"><t>Welcome 🙂</t></title></onboarding-screen>
                </app-definition>
                """, fonts: ["Boxes.ttf": .trueTypeDrawingASCII])
        ])

    func check(_ context: LintContext) -> [Finding] {
        context.fontLackedCharacters.map { found in
            let characters = found.characters.map { "'\(Character($0))' (\($0.codePoint))" }
            let quoted = found.languages.map { "'\($0)'" }
            let languages = quoted.count > 1 ? quoted.dropLast().joined(separator: ", ") + " and " + quoted.last! : quoted.joined()
            let texts = quoted.count > 1 ? "texts" : "text"
            let count = found.characters.count == 1 ? "1 character" : "\(found.characters.count) characters"
            return Finding(
                position: found.font.position,
                message:
                    "'\(found.font.fileName)' has no glyph for \(count) of the \(languages) \(texts) it draws: \(ShortList.text(characters)); a browser draws them with another font, when the visitor's device has one"
            )
        }
    }
}
