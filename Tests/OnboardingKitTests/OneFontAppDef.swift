/// The appDef of the font tests: one language, English, set in one font, the file `file` of
/// the fonts folder named `name`, with the CSS declarations `declarations` (`<sd
/// property="font-weight" value="bold"/>`), the three buttons' words, and one screen titled
/// `title`.
enum OneFontAppDef {
    static func text(file: String, name: String, title: String = "Welcome", declarations: String = "") -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <app-definition type="SAB">
          <fonts><font family="font1"><font-name>\(name)</font-name><f format="truetype">\(file)</f>\(declarations)</font></fonts>
          <interface-languages><writing-systems>
            <writing-system code="en" type="interface"><font-family>font1</font-family></writing-system>
          </writing-systems></interface-languages>
          <translation-mappings default-lang="en"><tm id="Button_Skip"><t lang="en">Skip</t></tm><tm id="Button_Next"><t lang="en">Next</t></tm><tm id="Button_Start"><t lang="en">Start</t></tm></translation-mappings>
          <onboarding-screen><title type="top-title"><t>\(title)</t></title></onboarding-screen>
        </app-definition>
        """
    }
}
