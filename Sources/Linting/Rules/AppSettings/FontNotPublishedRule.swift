import AppDefModel

struct FontNotPublishedRule: Rule {
    static let description = RuleDescription(
        id: BuildDiagnosticID.fontNotPublished, category: .appSettings, severity: .error,
        summary: "A font the carousel uses draws its text with empty glyphs or bitmaps alone, or the build will not publish it.",
        rationale:
            "The build publishes each font a language uses subset with HarfBuzz and compressed as WOFF2, with its outlines only. A font that maps a character of the carousel's text to a glyph with no outline (a font tool's placeholder, a damaged table) would show nothing, and the browser, as the font has the character, takes no other font; one that draws it with bitmaps alone would lose them. Lint finds both, shaping each text of the languages that use the font as the build does. The build also refuses a font when the font libraries (libharfbuzz, libharfbuzz-subset, libwoff2, zlib) or OTS's ots-sanitize are missing, when its whole font (published when its subset does not shape as it does) is over 8 MB, or when its legacy `kern` table holds more than kerning pairs. Give the language a font that draws its text with outlines, or none (the carousel then uses a system font).",
        triggeringExamples: [
            RuleExample(
                """
                <?xml version="1.0" encoding="utf-8"?>
                <app-definition>
                  <fonts><font family="font1"><font-name>Placeholder</font-name>↓<f format="truetype">Placeholder.ttf</f></font></fonts>
                  <interface-languages><writing-systems>
                    <writing-system code="en" type="interface"><font-family>font1</font-family></writing-system>
                  </writing-systems></interface-languages>
                  <translation-mappings default-lang="en"><tm id="Button_Skip"><t lang="en">Skip</t></tm><tm id="Button_Next"><t lang="en">Next</t></tm><tm id="Button_Start"><t lang="en">Start</t></tm></translation-mappings>
                  <onboarding-screen><title type="top-title"><t>Welcome</t></title></onboarding-screen>
                </app-definition>
                """, fonts: ["Placeholder.ttf": .trueTypeDrawingNothing])
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <?xml version="1.0" encoding="utf-8"?>
                <app-definition>
                  <fonts><font family="font1"><font-name>Placeholder</font-name><f format="truetype">Placeholder.ttf</f></font></fonts>
                  <interface-languages><writing-systems>
                    <writing-system code="en" type="interface"><font-family>font1</font-family></writing-system>
                  </writing-systems></interface-languages>
                  <translation-mappings default-lang="en"><tm id="Button_Skip"><t lang="en">Skip</t></tm><tm id="Button_Next"><t lang="en">Next</t></tm><tm id="Button_Start"><t lang="en">Start</t></tm></translation-mappings>
                  <onboarding-screen><title type="top-title"><t>Hello</t></title></onboarding-screen>
                </app-definition>
                """, fonts: ["Placeholder.ttf": .trueTypeDrawingNothing])
        ])

    func check(_ context: LintContext) -> [Finding] {
        context.fontDrawingProblems.filter(\.problem.isRefusal).map { found in
            Finding(position: found.font.position, message: "'\(found.font.fileName)' is not published: \(found.problem.description)")
        }
    }
}
