import AppDefModel

struct FontNotAFontRule: Rule {
    static let description = RuleDescription(
        id: BuildDiagnosticID.fontNotAFont, category: .appSettings, severity: .error,
        summary: "A font file the carousel uses is not a TrueType, OpenType, WOFF or WOFF2 font, by its structure, or its tables cannot be read.",
        rationale:
            "The build publishes a language's font files from the fonts folder beside the appDef, subset and compressed as WOFF2, and only files whose header and table directory say they are one whole font, and whose tables HarfBuzz reads: a page, a script or an SVG font named as a font would otherwise be published beside the carousel, whatever its name. What it publishes must also pass OTS, the sanitizer Chromium and Firefox load every web font through, whole: a font OTS refuses, or one of whose tables it discards, would be drawn in neither (the text falls back to another font), though HarfBuzz reads it; the error names the table and what OTS said. Give the font's .ttf, .otf, .woff or .woff2 file; a collection (.ttc) holds several fonts, of which the carousel takes one.",
        triggeringExamples: [
            RuleExample(
                """
                <?xml version="1.0" encoding="utf-8"?>
                <app-definition>
                  <fonts><font family="font1"><font-name>Charis SIL</font-name>↓<f format="svg">Charis.svg</f></font></fonts>
                  <interface-languages><writing-systems>
                    <writing-system code="en" type="interface"><font-family>font1</font-family></writing-system>
                  </writing-systems></interface-languages>
                  <translation-mappings default-lang="en"><tm id="Button_Skip"><t lang="en">Skip</t></tm><tm id="Button_Next"><t lang="en">Next</t></tm><tm id="Button_Start"><t lang="en">Start</t></tm></translation-mappings>
                  <onboarding-screen><title type="top-title"><t>Welcome</t></title></onboarding-screen>
                </app-definition>
                """,
                fonts: ["Charis.svg": .text(#"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script><font id="Charis"/></svg>"#)])
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <?xml version="1.0" encoding="utf-8"?>
                <app-definition>
                  <fonts><font family="font1"><font-name>Charis SIL</font-name><f format="truetype">CharisSIL-R.ttf</f></font></fonts>
                  <interface-languages><writing-systems>
                    <writing-system code="en" type="interface"><font-family>font1</font-family></writing-system>
                  </writing-systems></interface-languages>
                  <translation-mappings default-lang="en"><tm id="Button_Skip"><t lang="en">Skip</t></tm><tm id="Button_Next"><t lang="en">Next</t></tm><tm id="Button_Start"><t lang="en">Start</t></tm></translation-mappings>
                  <onboarding-screen><title type="top-title"><t>Welcome</t></title></onboarding-screen>
                </app-definition>
                """, fonts: ["CharisSIL-R.ttf": .trueTypeDrawingASCII])
        ],
        isSafetyRule: true)

    /// What every diagnostic of the rule says after its reason.
    static let note = "the build publishes TrueType, OpenType, WOFF and WOFF2 fonts, each known by its header and table directory, never by its name"

    func check(_ context: LintContext) -> [Finding] {
        guard !context.screens.isEmpty else { return [] }
        let plan = FontPlan(syntax: context.syntax, screens: context.models)
        let refused = plan.refused.map { face, reason in
            Finding(position: face.position, message: "'\(face.fileName)' is not a font the build can publish: \(reason)", notes: [Self.note])
        }
        let damaged = plan.fonts.compactMap { font -> Finding? in
            guard let problem = FontFileCheck.problem(at: font.path) else { return nil }
            return Finding(
                position: font.position, message: "'\(font.fileName)' is not a font the build can publish: \(problem.description)", notes: [Self.note])
        }
        // A font by its structure whose tables HarfBuzz cannot read, or a WOFF2 that does not decode.
        let unreadable = context.fontDrawingProblems.filter { !$0.problem.isRefusal }.map { found in
            Finding(
                position: found.font.position, message: "'\(found.font.fileName)' is not a font the build can publish: \(found.problem.description)",
                notes: [Self.note])
        }
        return (refused + damaged + unreadable).sorted { ($0.position.line, $0.position.column) < ($1.position.line, $1.position.column) }
    }
}
