import Foundation
import Testing

@testable import AppDefModel
@testable import FontProcessing
@testable import Generation
@testable import Linting
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

    @Test func aLanguagesFontIsPublishedSubsetAsWOFF2AndUsedAndAMissingOneNoted() throws {
        let folder = TemporaryFolder()
        try folder.write("app.appDef", Self.appDef)
        try folder.write("fonts/CharisSIL-R.ttf", font: DebianFonts.charis)
        try folder.write("fonts/CharisSIL-B.ttf", font: DebianFonts.charisBold)
        let result = try OnboardingBuilder(options: BuildOptions(outputDirectory: folder.path("out"))).build(appDefPath: folder.path("app.appDef"))
        #expect(result.succeeded)
        let fonts = result.writtenFiles.filter { $0.hasPrefix("fonts/") }.sorted()
        #expect(fonts.count == 2)
        #expect(fonts.allSatisfy { $0.range(of: #"^fonts/CharisSIL-[RB]-[0-9a-f]{10}\.woff2$"#, options: .regularExpression) != nil }, "\(fonts)")
        let regular = try #require(fonts.first { $0.hasPrefix("fonts/CharisSIL-R-") })
        let published = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder.path("out/" + regular))))
        let source = try DebianFonts.charis.bytes()
        #expect(published.starts(with: Array("wOF2".utf8)))
        #expect(published.count * 10 <= source.count, "\(published.count) bytes published of \(source.count)")
        // It holds every character of the carousel's text that the font has, and shapes the
        // English texts (those in its family) as the font does.
        let project = try #require(Self.project(at: folder.path("app.appDef")))
        let text = CarouselText(project)
        #expect(text.characters.count > 20)
        #expect(WebFontMaker.difference(of: published, fromSource: source, characters: text.characters, texts: text.texts(in: ["en"])) == nil)

        let css = try String(contentsOfFile: folder.path("out/onboarding.css"), encoding: .utf8)
        #expect(
            css.contains(
                #"@font-face{font-family:"sab-font1";src:url("\#(regular)") format("woff2");font-weight:400;font-style:normal;font-display:optional}"#))
        #expect(!css.contains("truetype"))
        #expect(css.contains(#"font-weight:700"#))
        #expect(css.contains(#":lang(en){font-family:"sab-font1","#))
        #expect(!css.contains(":lang(ar)"), "ar's font is missing: it keeps the system font")
        #expect(!css.contains(":lang(fr)"), "fr uses the system font")
        #expect(result.diagnostics.contains { $0.ruleID == "font-not-found" && $0.message.contains("Missing.ttf") && $0.message.contains("'ar'") })

        let index = try String(contentsOfFile: folder.path("out/index.html"), encoding: .utf8)
        #expect(index.contains("font-src 'self'") || index.contains("font-src &#39;self&#39;"))
        #expect(index.contains(#""rightToLeft":["ar"]"#))
    }

    /// Lint reads and shapes each font once, however many rules report on what it draws:
    /// `font-not-a-font` and `font-not-published` share the work.
    @Test func lintShapesEachFontOnceForBothFontRules() throws {
        let folder = TemporaryFolder()
        try folder.write("app.appDef", Self.appDef)
        try folder.write("fonts/CharisSIL-R.ttf", font: DebianFonts.charis)
        try folder.write("fonts/CharisSIL-B.ttf", font: DebianFonts.charisBold)
        let syntax = AppDefReader.read(path: folder.path("app.appDef"))
        func outlinesDrawn(disabling disabled: [String]) throws -> UInt64 {
            let context = LintContext(syntax: syntax, images: ImageFolder(appDefPath: folder.path("app.appDef"), override: nil))
            let linter = Linter(options: LintOptions(rules: try RuleSelection(disable: disabled, enable: [])))
            let before = HarfBuzzFont.outlinesDrawnOnThisThread
            _ = linter.lint(context)
            return HarfBuzzFont.outlinesDrawnOnThisThread - before
        }
        let once = try outlinesDrawn(disabling: ["font-not-published"])
        #expect(once > 0, "lint shapes the fonts' texts")
        #expect(try outlinesDrawn(disabling: []) == once)
    }

    /// A language without words of its own for a button shows the default words in its own
    /// font: its font is checked shaping them in it, as in the default language's.
    @Test func theDefaultButtonWordsAreShapedInEveryLanguage() throws {
        let folder = TemporaryFolder()
        try folder.write("app.appDef", Self.appDef)
        let project = try #require(Self.project(at: folder.path("app.appDef")))
        let text = CarouselText(project)
        for language in ["ar", "fr"] {
            for words in [project.buttons.skip, project.buttons.next, project.buttons.start] {
                #expect(text.texts(in: [language]).contains(ShapingText(language: language, text: words.defaultText)), "\(words.defaultText) in \(language)")
            }
        }
    }

    /// Nothing under `fonts/` is a file of the project: not the fonts themselves, whatever
    /// format they are in, nor any other file of the fonts folder.
    @Test(arguments: ["ttf", "woff", "woff2"])
    func theOutputHoldsOnlyFontsTheBuildMade(_ format: String) throws {
        let folder = TemporaryFolder()
        try folder.write("app.appDef", Self.appDef.replacingOccurrences(of: "CharisSIL-R.ttf", with: "CharisSIL-R." + format))
        let source = try DebianFonts.charis.bytes()
        let given: [UInt8] =
            switch format {
            case "woff": try WOFFFile.wrapping(source)
            case "woff2": try WOFF2File.encoding(source)
            default: source
            }
        try folder.write("fonts/CharisSIL-R." + format, Data(given))
        try folder.write("fonts/CharisSIL-B.ttf", font: DebianFonts.charisBold)
        try folder.write("fonts/helper.js", "navigator.sendBeacon('/', document.cookie)")
        let result = try OnboardingBuilder(options: BuildOptions(outputDirectory: folder.path("out"))).build(appDefPath: folder.path("app.appDef"))
        #expect(result.succeeded, "\(result.diagnostics.map(\.message))")
        let published = filesUnder(folder.path("out")).filter { $0.key.hasPrefix("fonts/") }
        #expect(published.count == 2)
        let inputs = [Data(given), Data(try DebianFonts.charisBold.bytes())]
        for (path, bytes) in published {
            #expect(path.hasSuffix(".woff2") && bytes.starts(with: Array("wOF2".utf8)), "\(path)")
            #expect(!inputs.contains(bytes), "\(path) is a file of the fonts folder")
        }
    }

    /// The same project builds to the same bytes: the fonts' too.
    @Test func aRebuildIsByteIdentical() throws {
        let folder = TemporaryFolder()
        try folder.write("app.appDef", Self.appDef)
        try folder.write("fonts/CharisSIL-R.ttf", font: DebianFonts.charis)
        try folder.write("fonts/CharisSIL-B.ttf", font: DebianFonts.charisBold)
        for out in ["one", "two"] {
            let result = try OnboardingBuilder(options: BuildOptions(outputDirectory: folder.path(out))).build(appDefPath: folder.path("app.appDef"))
            #expect(result.succeeded)
        }
        let (one, two) = (filesUnder(folder.path("one")), filesUnder(folder.path("two")))
        #expect(one.keys.filter { $0.hasPrefix("fonts/") }.count == 2)
        #expect(one.keys.sorted() == two.keys.sorted())
        for (path, bytes) in one where path != ".sab-onboarding" { #expect(two[path] == bytes, "\(path) differs") }
    }

    /// A file whose structure passes for a font's but whose tables HarfBuzz cannot read is an
    /// error at its entry, with the reason, from lint on, and nothing is written. Before, lint
    /// read the header and table directory alone and passed it.
    @Test func aFontWhoseTablesAreDamagedStopsTheBuildAtItsEntry() throws {
        let folder = TemporaryFolder()
        try folder.write("app.appDef", Self.appDef)
        var damaged = try DebianFonts.charis.bytes()
        let maxp = try #require(SFNTTables.offset(of: "maxp", in: damaged))
        damaged.replaceSubrange(maxp + 4..<maxp + 6, with: [0, 0])  // no glyphs
        try folder.write("fonts/CharisSIL-R.ttf", Data(damaged))
        try folder.write("fonts/CharisSIL-B.ttf", font: DebianFonts.charisBold)
        let lint = Linter().lint(path: folder.path("app.appDef"))
        #expect(lint.contains { $0.ruleID == "font-not-a-font" && $0.message.hasSuffix("HarfBuzz reads no glyph in it: its tables are damaged") })
        let result = try OnboardingBuilder(options: BuildOptions(outputDirectory: folder.path("out"))).build(appDefPath: folder.path("app.appDef"))
        #expect(!result.succeeded)
        #expect(!FileManager.default.fileExists(atPath: folder.path("out")))
        let error = try #require(result.diagnostics.first { $0.severity == .error })
        #expect(error.ruleID == "font-not-a-font")
        #expect(error.message == "'CharisSIL-R.ttf' is not a font the build can publish: HarfBuzz reads no glyph in it: its tables are damaged")
        let lines = Self.appDef.split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(lines.firstIndex { $0.contains("CharisSIL-R.ttf") })
        let column = try #require(lines[line].range(of: "<f ")).lowerBound.utf16Offset(in: lines[line]) + 1
        #expect(error.location == SourceLocation(file: folder.path("app.appDef"), line: line + 1, column: column))
    }

    /// Sango_Transition_Guide.appDef, a real project file, names Charis SIL Compact; its
    /// interface set in it (the file's own uses the system font), with screens added, in a
    /// copy beside Debian's Charis SIL under the names the appDef gives.
    @Test(.enabled(if: RealAppDefs.available, RealAppDefs.absent))
    func aRealProjectFilesFontsArePublished() throws {
        let real = try RealAppDefWithScreens(try RealAppDefs.file("Sango_Transition_Guide.appDef"))
        let english = try #require(real.text.range(of: #"<writing-system code="en" type="interface">"#))
        let family = try #require(real.text.range(of: "<font-family>system</font-family>", range: english.upperBound..<real.text.endIndex))
        let text = real.text.replacingCharacters(in: family, with: "<font-family>font1</font-family>")
        let folder = TemporaryFolder()
        try folder.write("Sango.appDef", text)
        try folder.write("fonts/CharisSILCompact-R.ttf", font: DebianFonts.charis)
        try folder.write("fonts/CharisSILCompact-B.ttf", font: DebianFonts.charisBold)
        let result = try OnboardingBuilder(options: BuildOptions(outputDirectory: folder.path("out"))).build(appDefPath: folder.path("Sango.appDef"))
        #expect(result.succeeded, "\(result.diagnostics.map(\.message))")
        let fonts = result.writtenFiles.filter { $0.hasPrefix("fonts/") }.sorted()
        #expect(fonts.count == 2 && fonts.allSatisfy { $0.hasPrefix("fonts/CharisSILCompact-") && $0.hasSuffix(".woff2") }, "\(fonts)")
        let css = try String(contentsOfFile: folder.path("out/onboarding.css"), encoding: .utf8)
        #expect(css.contains(#":lang(en){font-family:"sab-font1","#))
        #expect(css.components(separatedBy: #"format("woff2")"#).count == 3)
        let sourceSize = try DebianFonts.charis.bytes().count
        for font in fonts {
            let size = try #require(try FileManager.default.attributesOfItem(atPath: folder.path("out/" + font))[.size] as? Int)
            #expect(size * 10 <= sourceSize, "\(font): \(size) bytes")
        }
    }

    /// The project a build makes of an appDef, before its fonts are published.
    static func project(at path: String) -> OnboardingProject? {
        OnboardingProject(syntax: AppDefReader.read(path: path), images: ImageFolder(appDefPath: path, override: nil))
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

    /// A published font's name is its file's stem, reduced, its hash and `.woff2`, whatever
    /// the file's name and extension.
    @Test(arguments: ["CharisSIL-R.ttf", "Charis SIL.v6.otf", "<b>.woff", "font", "ሰላም.woff2"])
    func aPublishedFontIsNamedForItsContent(_ fileName: String) {
        let path = FontPublisher.outputPath(for: fileName, woff2: Array("wOF2 bytes".utf8))
        #expect(path.range(of: #"^fonts/[A-Za-z0-9_-]+-[0-9a-f]{10}\.woff2$"#, options: .regularExpression) != nil, "\(path)")
        #expect(path != FontPublisher.outputPath(for: fileName, woff2: Array("other bytes".utf8)))
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

/// Lint reports every file that is not a font at the entry that names it, whatever the file is.
struct FontNotAFontTests {
    static let appDef = """
        <?xml version="1.0" encoding="utf-8"?>
        <app-definition type="SAB">
          <fonts>
            <font family="font1"><font-name>Charis SIL</font-name>
              <filename format="truetype">Charis.ttf</filename></font>
          </fonts>
          <interface-languages><writing-systems>
            <writing-system code="en" type="interface"><font-family>font1</font-family></writing-system>
          </writing-systems></interface-languages>
          <translation-mappings default-lang="en"><tm id="Button_Skip"><t lang="en">Skip</t></tm><tm id="Button_Next"><t lang="en">Next</t></tm><tm id="Button_Start"><t lang="en">Start</t></tm></translation-mappings>
          <onboarding-screen><title type="top-title"><t>Welcome</t></title></onboarding-screen>
        </app-definition>
        """

    /// What is put under the name `Charis.ttf`, and what the diagnostic says it is.
    static func file(_ kind: String) throws -> (bytes: [UInt8], said: String) {
        let charis = try DebianFonts.charis.bytes()
        switch kind {
        case "collection": return (Array("ttcf".utf8) + [0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 16] + charis, "font collection")
        case "cut short": return (Array(charis.prefix(charis.count / 3)), "lies outside the file")
        case "a record past the end":
            var font = charis
            let count = Int(font[4]) << 8 | Int(font[5])
            let record = 12 + 16 * (count - 1)
            font.replaceSubrange(record + 8..<record + 12, with: [0x00, 0xFF, 0xFF, 0x00])
            return (font, "lies outside the file")
        case "a WOFF with an empty table far past its end":
            return (try WOFFFile.wrapping(charis, emptyTables: [("zzzz", 0x7FFF_FF00)]), "its 'zzzz' table (0 bytes at byte 2147483392) lies outside the file")
        case "a WOFF of 4096 tables":
            let tags = (0..<4096 - (Int(charis[4]) << 8 | Int(charis[5]))).map { String(format: "%04x", $0) }
            return (try WOFFFile.wrapping(charis, emptyTables: tags.map { ($0, 44) }), "its table directory lists 4096 tables, more than the 256")
        case "a PNG":
            return (Array(Data(base64Encoded: ExampleProject.tinyPNG)!), "it is a PNG image")
        case "an SVG font": return (Array(#"<svg xmlns="http://www.w3.org/2000/svg"><font id="c"/></svg>"#.utf8), "an SVG document")
        case "HTML": return (Array("<html><body>hi</body></html>".utf8), "a web page")
        default: return (Array("alert(1)\n".utf8), "a text file")
        }
    }

    @Test(arguments: [
        "collection", "cut short", "a record past the end", "a WOFF with an empty table far past its end", "a WOFF of 4096 tables", "a PNG", "an SVG font",
        "HTML", "JavaScript",
    ])
    func aFileThatIsNoFontIsAnErrorAtItsEntry(_ kind: String) throws {
        let folder = TemporaryFolder()
        try folder.write("app.appDef", Self.appDef)
        let (bytes, said) = try Self.file(kind)
        try folder.write("fonts/Charis.ttf", Data(bytes))
        let diagnostics = Linter().lint(path: folder.path("app.appDef"))
        #expect(diagnostics.map(\.ruleID) == ["font-not-a-font"], "\(kind): \(diagnostics.map(\.message))")
        let error = try #require(diagnostics.first)
        #expect(error.severity == .error)
        #expect(error.location == SourceLocation(file: folder.path("app.appDef"), line: 5, column: 7))
        #expect(error.message.hasPrefix("'Charis.ttf' is not a font the build can publish: ") && error.message.contains(said), "\(error.message)")
    }

    /// A name of `<fonts>` that the fonts folder holds as something the build never reads is
    /// an error saying what it is, not a font said to be missing: a link out of the project
    /// (to a real font, even), a link to nothing, a named pipe, a folder.
    @Test(arguments: [
        ("a link out of the project", "it is a link, which the build never follows"), ("a link to nothing", "it is a link, which the build never follows"),
        ("a named pipe", "it is not a regular file"), ("a folder", "it is a folder, not a file"),
    ])
    func aNameThatIsNoRegularFileOfTheFolderIsAnErrorSayingWhatItIs(_ kind: String, _ said: String) throws {
        let folder = TemporaryFolder()
        try folder.write("app.appDef", Self.appDef)
        try folder.write("fonts/readme.txt", "the fonts folder")
        let file = folder.path("fonts/Charis.ttf")
        switch kind {
        case "a link out of the project": try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: DebianFonts.charis.path)
        case "a link to nothing": try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: "Gone.ttf")
        case "a named pipe": #expect(mkfifo(file, 0o600) == 0)
        default: try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: false)
        }
        let diagnostics = Linter().lint(path: folder.path("app.appDef"))
        #expect(diagnostics.map(\.ruleID) == ["font-not-a-font"], "\(kind): \(diagnostics.map(\.message))")
        let error = try #require(diagnostics.first)
        #expect(error.severity == .error)
        #expect(error.location == SourceLocation(file: folder.path("app.appDef"), line: 5, column: 7))
        #expect(error.message.hasPrefix("'Charis.ttf' is not a font the build can publish: " + said), "\(error.message)")
        let result = try OnboardingBuilder(options: BuildOptions(outputDirectory: folder.path("out"))).build(appDefPath: folder.path("app.appDef"))
        #expect(!result.succeeded)
    }

    @Test func aRealFontUnderAnyNameIsOne() throws {
        let folder = TemporaryFolder()
        try folder.write("app.appDef", Self.appDef.replacingOccurrences(of: "Charis.ttf", with: "Charis.svg"))
        try folder.write("fonts/Charis.svg", font: DebianFonts.charis)
        #expect(Linter().lint(path: folder.path("app.appDef")).isEmpty)
    }
}
