import Foundation
import Testing

@testable import OnboardingKit

struct FontBuildTests {
    static let appDef = """
        <?xml version="1.0" encoding="utf-8"?>
        <app-definition type="SAB">
          <fonts>
            <font family="font1"><font-name>Charis SIL</font-name><f format="truetype">CharisSIL-R.ttf</f>
              <sd property="font-weight" value="normal"/><sd property="font-style" value="normal"/></font>
            <font family="font1"><font-name>Charis SIL Bold</font-name><f format="truetype">CharisSIL-B.ttf</f>
              <sd property="font-weight" value="bold"/><sd property="font-style" value="normal"/></font>
            <font family="font2"><font-name>Scheherazade</font-name><f format="truetype">Missing.ttf</f></font>
          </fonts>
          <interface-languages><writing-systems>
            <writing-system code="en" type="interface"><font-family>font1</font-family></writing-system>
            <writing-system code="ar" type="interface"><font-family>font2</font-family><trait name="text-direction" value="RTL"/></writing-system>
            <writing-system code="fr" type="interface"><font-family>system</font-family></writing-system>
          </writing-systems></interface-languages>
          <translation-mappings default-lang="en"/>
          <onboarding-screen>
            <title type="top-title"><t>Welcome</t><t lang="ar">أهلا</t><t lang="fr">Bienvenue</t></title>
          </onboarding-screen>
        </app-definition>
        """

    @Test func aLanguagesFontIsCopiedAndUsedAndAMissingOneNoted() throws {
        let folder = TemporaryFolder()
        try folder.write("app.appDef", Self.appDef)
        try folder.write("fonts/CharisSIL-R.ttf", font: DebianFonts.charis)
        try folder.write("fonts/CharisSIL-B.ttf", font: DebianFonts.charisBold)
        let result = try OnboardingBuilder(options: BuildOptions(outputDirectory: folder.path("out"))).build(appDefPath: folder.path("app.appDef"))
        #expect(result.succeeded)
        let fonts = result.writtenFiles.filter { $0.hasPrefix("fonts/") }.sorted()
        #expect(fonts.count == 2)
        #expect(fonts.allSatisfy { $0.range(of: #"^fonts/CharisSIL-[RB]-[0-9a-f]{10}\.ttf$"#, options: .regularExpression) != nil }, "\(fonts)")
        let regular = try #require(fonts.first { $0.hasPrefix("fonts/CharisSIL-R-") })
        #expect(try DebianFonts.charis.bytes() == [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.path("out/" + regular)))))

        let css = try String(contentsOfFile: folder.path("out/onboarding.css"), encoding: .utf8)
        #expect(
            css.contains(
                #"@font-face{font-family:"sab-font1";src:url("\#(regular)") format("truetype");font-weight:400;font-style:normal;font-display:optional}"#))
        #expect(css.contains(#"font-weight:700"#))
        #expect(css.contains(#":lang(en){font-family:"sab-font1","#))
        #expect(!css.contains(":lang(ar)"), "ar's font is missing: it keeps the system font")
        #expect(!css.contains(":lang(fr)"), "fr uses the system font")
        #expect(result.diagnostics.contains { $0.ruleID == "font-not-found" && $0.message.contains("Missing.ttf") && $0.message.contains("'ar'") })

        let index = try String(contentsOfFile: folder.path("out/index.html"), encoding: .utf8)
        #expect(index.contains("font-src 'self'") || index.contains("font-src &#39;self&#39;"))
        #expect(index.contains(#""rightToLeft":["ar"]"#))
    }
}

struct FontDetailsTests {
    @Test(
        arguments: [
            ("bold", "700"), ("normal", "400"), ("650", "650"), (" 300 ", "300"), ("1000", "1000"),
            ("", nil), ("0", nil), ("1001", nil), ("٧٠٠", nil), ("७००", nil), ("700;color:red", nil), ("+700", nil),
        ] as [(String, String?)])
    func onlyCSSWeightsReachTheStyleSheet(_ written: String, _ css: String?) {
        #expect(FontFace.cssWeight(written) == css)
    }

    /// SAB's project files name a face's file with `<filename>` and its weight and style with
    /// `<style-decl>`; the PWA's export with `<f>` and `<sd>`. Both forms are one face.
    @Test func aFaceReadsTheSameInTheProjectFileAndTheExport() throws {
        let long = """
            <app-definition><fonts><font family="font1"><font-name>Charis SIL Compact Bold</font-name>
              <filename format="truetype">CharisSILCompact-B.ttf</filename>
              <style-decl property="font-weight" value="bold"/><style-decl property="font-style" value="italic"/>
            </font></fonts></app-definition>
            """
        let short = """
            <app-definition><fonts><font family="font1"><font-name>Charis SIL Compact Bold</font-name><f format="truetype">CharisSILCompact-B.ttf</f><sd property="font-weight" value="bold"/><sd property="font-style" value="italic"/></font></fonts></app-definition>
            """
        let faces = [long, short].map { FontFace.faces(in: AppDefReader.read(bytes: Array($0.utf8), file: "app.appDef").fonts) }
        for face in faces {
            #expect(face.map(\.fileName) == ["CharisSILCompact-B.ttf"])
            #expect(face.map(\.weight) == ["700"])
            #expect(face.map(\.style) == ["italic"])
        }
        #expect(faces[0].first?.position.line == 2, "the diagnostics of a face point at its <filename>")
    }

    /// The default language is often a language of the screens too, written in another case:
    /// it is one language, with one CSS rule and one mention in a diagnostic.
    @Test func aLanguageInTwoCasesIsPlannedOnce() throws {
        let folder = TemporaryFolder()
        try folder.write(
            "app.appDef",
            """
            <app-definition>
              <fonts><font family="font20"><f format="truetype">Missing.ttf</f></font><font family="font1"><f>Here.ttf</f></font></fonts>
              <interface-languages><writing-systems>
                <writing-system code="Kir" type="interface"><font-family>font20</font-family></writing-system>
                <writing-system code="fr" type="interface"><font-family>font1</font-family></writing-system>
              </writing-systems></interface-languages>
              <translation-mappings default-lang="Kir"/>
              <onboarding-screen><title type="top-title"><t>Murakaza</t><t lang="Kir">Murakaza neza</t><t lang="FR">Bienvenue</t><t lang="fr-FR">Bienvenue</t></title></onboarding-screen>
            </app-definition>
            """)
        try folder.write("fonts/Here.ttf", "font bytes")
        let syntax = AppDefReader.read(path: folder.path("app.appDef"))
        let context = LintContext(syntax: syntax, images: ImageFolder(appDefPath: folder.path("app.appDef"), override: nil))
        let missing = FontNotFoundRule().check(context)
        #expect(missing.map(\.message) == ["font file 'Missing.ttf' is not in the fonts folder beside the appDef: 'Kir' text uses a system font"])
        let plan = FontPlan(syntax: syntax, languages: ["Kir", "kir", "FR", "fr"])
        #expect(plan.languageFamilies.map(\.language) == ["FR"])
    }
}
