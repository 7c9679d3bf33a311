import AppDefModel

struct FontNotFoundRule: Rule {
    static let description = RuleDescription(
        id: "font-not-found", category: .appSettings, severity: .note,
        summary: "A language's font file is not in the project's fonts folder; the carousel uses a system font for it.",
        rationale:
            "The writing system of each interface language names a font family of <fonts>; the carousel copies its files from the fonts folder beside the appDef and uses them for that language.",
        triggeringExamples: [
            RuleExample(
                """
                <?xml version="1.0" encoding="utf-8"?>
                <app-definition>
                  <fonts><font family="font1"><font-name>Charis SIL</font-name>↓<f format="truetype">CharisSIL-R.ttf</f></font></fonts>
                  <interface-languages><writing-systems>
                    <writing-system code="en" type="interface"><font-family>font1</font-family></writing-system>
                  </writing-systems></interface-languages>
                  <translation-mappings default-lang="en"/>
                  <onboarding-screen><title type="top-title"><t>Welcome</t></title></onboarding-screen>
                </app-definition>
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <?xml version="1.0" encoding="utf-8"?>
                <app-definition>
                  <interface-languages><writing-systems>
                    <writing-system code="en" type="interface"><font-family>system</font-family></writing-system>
                  </writing-systems></interface-languages>
                  <translation-mappings default-lang="en"><tm id="Button_Skip"><t lang="en">Skip</t></tm><tm id="Button_Next"><t lang="en">Next</t></tm><tm id="Button_Start"><t lang="en">Start</t></tm></translation-mappings>
                  <onboarding-screen><title type="top-title"><t>Welcome</t></title></onboarding-screen>
                </app-definition>
                """)
        ])

    func check(_ context: LintContext) -> [Finding] {
        guard !context.screens.isEmpty else { return [] }
        let languages = (context.syntax.defaultLanguage.map { [$0] } ?? []) + context.screenLanguages
        let plan = FontPlan(syntax: context.syntax, languages: languages)
        let folder = BuildInputs(appDefPath: context.syntax.file).fontsFolder
        var reported: Set<String> = []
        return plan.missing.compactMap { language, face in
            guard reported.insert(face.fileName).inserted else { return nil }
            let users = plan.missing.filter { $0.face.fileName == face.fileName }.map { "'\($0.language)'" }.joined(separator: ", ")
            return Finding(
                position: face.position,
                message: "font file '\(face.fileName)' is not in the fonts folder beside the appDef: \(users) text uses a system font",
                notes: NearName.find(for: face.fileName, in: folder).map { [$0.note] } ?? [])
        }
    }
}
