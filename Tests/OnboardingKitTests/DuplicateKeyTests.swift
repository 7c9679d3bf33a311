import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// No JSON the tool writes holds a key twice: readers disagree on which of two equal keys wins,
/// so the carousel and the page without script could show different texts, and a strict
/// validator refuses the document.
struct DuplicateKeyTests {
    @Test func anObjectKeepsTheFirstOfTwoEqualKeys() throws {
        let literal: JSONValue = .object([("default", .string("Hello")), ("fr", .string("Salut")), ("default", .string("Evil"))])
        #expect(literal.rendered(pretty: false) == #"{"default":"Hello","fr":"Salut"}"#)

        let built = JSONObject([("default", .string("Hello")), ("default", .string("Evil"))])
        #expect(built.members.map(\.key) == ["default"])
        #expect(built["default"] == .string("Hello"))

        var inserted = JSONObject([("default", .string("Hello"))])
        let insertedAgain = inserted.insert("default", .string("Evil"))
        let insertedNew = inserted.insert("fr", .string("Salut"))
        #expect(!insertedAgain && insertedNew)
        #expect(try JSONKeyScanner.duplicateKeys(in: JSONValue.object(inserted).rendered()) == [])
    }

    /// Swift compares strings by canonical equivalence: `é` written as one scalar or as `e` and
    /// a combining accent is one key, so the writer cannot give a reader two spellings of it.
    @Test func keysInDifferentNormalFormsAreOneKey() {
        let object = JSONObject([("caf\u{E9}", .int(1)), ("cafe\u{301}", .int(2))])
        #expect(object.members.count == 1)
    }

    @Test func theScannerFindsADuplicateKey() throws {
        // The test's own reader must see what Foundation's hides, escaped keys too.
        #expect(try JSONKeyScanner.duplicateKeys(in: #"{"a":{"default":"x","d\u0065fault":"y"},"b":[1,{"c":2,"c":3}]}"#) == ["$.a.default", "$.b[1].c"])
        #expect(try JSONKeyScanner.duplicateKeys(in: #"{"a":1,"b":"}"}"#) == [])
    }

    /// `lang="default"` in every place it can be written, with the rule that reports it turned
    /// off, so that the build goes on: the model leaves the title translations out, takes the
    /// mapping's entry as the default words, and the writer could not write a key twice anyway.
    @Test func noDocumentTheBuildWritesHoldsAKeyTwice() throws {
        let appDef = """
            <?xml version="1.0" encoding="utf-8"?>
            <app-definition>
              <translation-mappings default-lang="default">
                <translation-mapping id="Button_Skip"><translation lang="default">Pass</translation><translation lang="DEFAULT">Evil</translation></translation-mapping>
              </translation-mappings>
              <onboarding-screens>
                <onboarding-screen>
                  <title type="top-title"><translation>Hello</translation><translation lang="default">Evil</translation></title>
                  <title type="bottom-title"><t>World</t><t lang=" Default ">Evil</t><t lang="fr">Monde</t></title>
                </onboarding-screen>
              </onboarding-screens>
            </app-definition>
            """
        var options = BuildOptions()
        options.rules = try RuleSelection(disable: ["reserved-language-code"], enable: [])
        let rendered = OnboardingBuilder(options: options).render(appDefBytes: Array(appDef.utf8), appDefPath: "/nonexistent/app.appDef")
        let files = try #require(rendered.files, "\(rendered.diagnostics.map(\.message))")

        let manifest = String(decoding: try #require(files["onboarding.json"]), as: UTF8.self)
        let page = String(decoding: try #require(files["index.html"]), as: UTF8.self)
        let data = try #require(page.firstMatch(of: /<script type="application\/json" id="onboarding-data">(.*?)<\/script>/)).output.1
        #expect(try JSONKeyScanner.duplicateKeys(in: manifest) == [])
        #expect(try JSONKeyScanner.duplicateKeys(in: String(data)) == [])

        let object = try #require(try JSONSerialization.jsonObject(with: Data(manifest.utf8)) as? [String: Any])
        let screen = try #require((object["screens"] as? [[String: Any]])?.first)
        #expect(screen["topTitle"] as? [String: String] == ["default": "Hello"])
        #expect(screen["bottomTitle"] as? [String: String] == ["default": "World", "fr": "Monde"])
        #expect(object["languages"] as? [String] == ["fr"])
        #expect(object["defaultLanguage"] is NSNull)
        let skip = try #require((object["buttons"] as? [String: Any])?["skip"] as? [String: String])
        #expect(skip["default"] == "Pass")
        #expect(!page.contains("Evil") && !manifest.contains("Evil"))
    }
}
