import AppDefModel
internal import XMLStreaming

/// A writing system whose declared direction is not the one its language or script is written in.
struct TextDirectionMismatchRule: Rule {
    static let description = RuleDescription(
        id: "text-direction-mismatch", category: .appSettings, severity: .warning,
        summary: "An interface language's text-direction is not the direction its language is written in (Arabic declared LTR).",
        rationale: """
            The carousel lays each language out in the direction its writing system declares \
            (<trait name="text-direction">): its text, its buttons and which way a swipe goes. SAB \
            projects are known to declare Arabic, Persian or Urdu left to right, which sets their \
            text against the layout readers expect. The carousel follows the declaration, as the \
            app does, and the warning says what its readers will see; correct it in SAB's interface \
            languages if it is a mistake. Checked for the languages the app offers and those the \
            screens are written in.
            """,
        triggeringExamples: [
            RuleExample(
                """
                <?xml version="1.0" encoding="utf-8"?><app-definition><interface-languages><writing-systems><writing-system code="ar" type="interface"><font-family>system</font-family><trait name="text-direction" ↓value="LTR"/></writing-system></writing-systems></interface-languages><onboarding-screens><onboarding-screen><title type="top-title"><t>Welcome</t><t lang="ar">مرحبا</t></title></onboarding-screen></onboarding-screens></app-definition>
                """),
            RuleExample(
                """
                <?xml version="1.0" encoding="utf-8"?>
                <app-definition>
                  <interface-languages>
                    <writing-systems>
                      <writing-system code="ku-Latn" type="interface">
                        <font-family>system</font-family>
                        <trait name="text-direction" ↓value="RTL"/>
                      </writing-system>
                    </writing-systems>
                  </interface-languages>
                  <onboarding-screen><title type="top-title"><translation>Welcome</translation></title></onboarding-screen>
                </app-definition>
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <?xml version="1.0" encoding="utf-8"?>
                <app-definition>
                  <interface-languages>
                    <writing-systems>
                      <writing-system code="ar" type="interface"><trait name="text-direction" value="RTL"/></writing-system>
                      <writing-system code="fa" type="interface" enabled="false"><trait name="text-direction" value="LTR"/></writing-system>
                      <writing-system code="wol" type="interface"><trait name="text-direction" value="LTR"/></writing-system>
                    </writing-systems>
                  </interface-languages>
                  <translation-mappings><translation-mapping id="Button_Skip"><translation lang="ar">Skip</translation></translation-mapping><translation-mapping id="Button_Next"><translation lang="ar">Next</translation></translation-mapping><translation-mapping id="Button_Start"><translation lang="ar">Start</translation></translation-mapping></translation-mappings>
                  <onboarding-screen><title type="top-title"><translation>Welcome</translation><translation lang="ar">مرحبا</translation></title></onboarding-screen>
                </app-definition>
                """)
        ])

    func check(_ context: LintContext) -> [Finding] {
        guard !context.screens.isEmpty, let languages = context.syntax.interfaceLanguages else { return [] }
        let used = Set(context.screenLanguages.map { $0.lowercased() })
        return languages.descendantsAndSelf.filter { $0.name == "writing-system" }.compactMap { system in
            guard let code = system.attribute("code")?.value, !code.isEmpty,
                system.attribute("enabled")?.value != "false" || used.contains(code.lowercased()),
                let declared = system.children.first(where: { $0.name == "trait" && $0.attribute("name")?.value == "text-direction" })?
                    .attribute("value"),
                let declaredRightToLeft = Self.rightToLeft(declared.value),
                let usual = TextDirection.knownDirection(of: code), usual.isRightToLeft != declaredRightToLeft
            else { return nil }
            return Finding(
                position: declared.position,
                message: Self.message(code: code, declared: declared.value, declaredRightToLeft: declaredRightToLeft, usual: usual),
                notes: ["set its text-direction to \(usual.isRightToLeft ? "RTL" : "LTR") in SAB's interface languages if that is a mistake"])
        }
    }

    /// What a visitor reading the language will see, as the carousel follows the declaration:
    /// "Arabic pages will run left to right: ...". The controls are Skip, the dots, then Next in
    /// the direction of the page; a swipe towards the start of a line goes on to the next screen;
    /// punctuation between words of the language and the end of a line takes the page's direction.
    static func message(code: String, declared: String, declaredRightToLeft: Bool, usual: (isRightToLeft: Bool, reason: String)) -> String {
        let primary = String(code.prefix { $0 != "-" && $0 != "_" })
        let pages = ISO639.name(of: primary).map { "\($0) pages" } ?? "'\(code)' pages"
        let (start, end) = declaredRightToLeft ? ("right", "left") : ("left", "right")
        let written = usual.isRightToLeft ? "right to left" : "left to right"
        return "\(pages) will run \(declaredRightToLeft ? "right to left" : "left to right"), as '\(code)' is declared "
            + "\(declared.trimmingWhitespace.uppercased()) though \(usual.reason) is written \(written): Skip on the \(start), "
            + "Next on the \(end), a swipe to the \(start) goes on, and a sentence's closing punctuation sits at its \(end) end"
    }

    private static func rightToLeft(_ value: String) -> Bool? {
        switch value.trimmingWhitespace.uppercased() {
        case "RTL": true
        case "LTR": false
        default: nil
        }
    }
}
