import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// Text from the appDef reaches HTML text, attributes, CSS and JSON inside HTML: hostile text
/// must come out inert in each.
struct EscapingTests {
    static let hostile = #"<script>alert("x")</script> & 'quotes' "double" </div></script><!-- \u2028"#

    func build() throws -> (folder: TemporaryFolder, index: String, page: String, manifest: String) {
        let folder = TemporaryFolder()
        let escapedForXML = Self.hostile.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
        try folder.write(
            "app.appDef",
            """
            <?xml version="1.0" encoding="utf-8"?>
            <app-definition type="SAB">
              <app-name lang="default">\(escapedForXML)</app-name>
              <package>org.example.&lt;/script&gt;"quote</package>
              <onboarding-screens>
                <onboarding-screen>
                  <title type="top-title"><translation>\(escapedForXML)</translation><translation lang="fr">\(escapedForXML)</translation></title>
                  <title type="bottom-subtitle"><translation><![CDATA[</div><img src=x onerror=alert(1)>]]></translation></title>
                </onboarding-screen>
              </onboarding-screens>
            </app-definition>
            """)
        let result = try OnboardingBuilder(options: BuildOptions(outputDirectory: folder.path("out"), startURL: "../\"</script>"))
            .build(appDefPath: folder.path("app.appDef"))
        #expect(result.succeeded, "\(result.diagnostics.map(\.message))")
        return (
            folder,
            try String(contentsOfFile: folder.path("out/index.html"), encoding: .utf8),
            try String(contentsOfFile: folder.path("out/screens/1.html"), encoding: .utf8),
            try String(contentsOfFile: folder.path("out/onboarding.json"), encoding: .utf8)
        )
    }

    @Test func htmlTextAndAttributesAreEscaped() throws {
        let output = try build()
        for page in [output.index, output.page] {
            #expect(!page.contains("<script>alert"))
            #expect(!page.contains("<img src=x"))
            #expect(page.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;"))
            #expect(page.contains("&lt;/div&gt;&lt;img src=x onerror=alert(1)&gt;"))
            // The app name is also the carousel's aria-label attribute and the title.
            #expect(!page.contains("aria-label=\"<script"))
        }
        // Only the page's own scripts: the JSON block and onboarding.js.
        #expect(output.index.components(separatedBy: "<script").count - 1 == 2)
        #expect(output.index.components(separatedBy: "</script>").count - 1 == 2)
    }

    @Test func jsonInsideHTMLCannotEndItsScriptElement() throws {
        let output = try build()
        let start = try #require(output.index.range(of: "<script type=\"application/json\" id=\"onboarding-data\">"))
        let end = try #require(output.index.range(of: "</script>", range: start.upperBound..<output.index.endIndex))
        let json = String(output.index[start.upperBound..<end.lowerBound])
        #expect(!json.contains("<") && !json.contains(">"))
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let screens = try #require(decoded?["screens"] as? [[String: Any]])
        #expect((screens.first?["topTitle"] as? [String: String])?["default"] == Self.hostile)
        #expect(decoded?["startURL"] as? String == "../\"</script>")
    }

    @Test func scriptsCarryTheStorageKeyAsAJSONString() throws {
        let output = try build()
        let script = try String(contentsOfFile: output.folder.path("out/onboarding.js"), encoding: .utf8)
        let gate = try String(contentsOfFile: output.folder.path("out/onboarding-gate.js"), encoding: .utf8)
        for text in [script, gate] {
            #expect(text.contains(#""sab-onboarding:org.example.\u003c/script\u003e\"quote:shown""#))
            #expect(!text.contains("org.example.</script>"))
        }
    }

    @Test func theManifestKeepsTheTextExactly() throws {
        let output = try build()
        let manifest = try JSONSerialization.jsonObject(with: Data(output.manifest.utf8)) as? [String: Any]
        let screens = try #require(manifest?["screens"] as? [[String: Any]])
        #expect((screens.first?["topTitle"] as? [String: String])?["fr"] == Self.hostile)
        #expect((screens.first?["bottomSubtitle"] as? [String: String])?["default"] == "</div><img src=x onerror=alert(1)>")
    }

    @Test func coloursReachCSSOnlyAsCheckedHex() throws {
        let folder = TemporaryFolder()
        try folder.write(
            "app.appDef",
            """
            <app-definition><onboarding-screen>
              <title type="top-title"><translation>Hi</translation></title>
              <features type="onboarding-screen"><feature name="background" value="custom"/>
              <feature name="background-normal" value="#FF80FF65"/><feature name="background-dark" value="#0a0"/></features>
            </onboarding-screen></app-definition>
            """)
        _ = try OnboardingBuilder(options: BuildOptions(outputDirectory: folder.path("out"))).build(appDefPath: folder.path("app.appDef"))
        let css = try String(contentsOfFile: folder.path("out/onboarding.css"), encoding: .utf8)
        #expect(css.contains("[data-screen=\"1\"]{--onboarding-background-normal:#80ff65;"))
        #expect(css.contains(";--onboarding-background-sepia:#80ff65;"))
        #expect(css.contains(";--onboarding-background-dark:#00aa00;"))
    }

    @Test func imageNamesAreReducedToASafeBaseName() {
        let bytes: [UInt8] = [1, 2, 3]
        let hash = String(SHA256.hexDigest(of: bytes).prefix(10))
        #expect(ImageAsset.outputName(for: "My Photo (1).PNG", bytes: bytes) == "My-Photo-1-\(hash).png")
        #expect(ImageAsset.outputName(for: "\"onload=alert(1).png", bytes: bytes) == "onload-alert-1-\(hash).png")
        #expect(ImageAsset.outputName(for: "..png", bytes: bytes) == "image-\(hash).png")
        #expect(ImageAsset.outputName(for: "日本.jpg", bytes: bytes) == "image-\(hash).jpg")
    }
}
