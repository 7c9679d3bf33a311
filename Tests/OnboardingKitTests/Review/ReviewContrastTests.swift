import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// The contrast the review shows is measured on the colours the carousel uses, in each theme.
struct ReviewContrastTests {
    /// A grey screen (#808080) and a grey text colour (#777777) in Normal only.
    static let appDef = """
        <?xml version="1.0" encoding="utf-8"?>
        <app-definition type="SAB">
          <colors type="main">
            <color name="TextColor"><color-mapping theme="Normal" value="#777777"/></color>
          </colors>
          <translation-mappings default-lang="en"/>
          <onboarding-screen>
            <title type="top-title"><translation>Welcome</translation></title>
            <features type="onboarding-screen"><feature name="background" value="custom"/><feature name="background-normal" value="#808080"/></features>
          </onboarding-screen>
        </app-definition>
        """

    @Test func eachThemeIsMeasuredOnTheColoursTheCarouselUses() throws {
        let contrast = try ReviewedAppDef(Self.appDef).screen(1).contrast
        #expect(contrast.map(\.theme) == [.normal, .sage, .rose, .sepia, .charcoal, .dark])
        let grey = HexColor(red: 0x80, green: 0x80, blue: 0x80)
        #expect(contrast.allSatisfy { $0.background == grey }, "a custom background without sepia and dark colours is the normal one everywhere")
        for theme in contrast {
            let text = try #require(theme.measures.first { $0.part == .text })
            // WCAG 2: #808080 has a relative luminance of 0.2159; black on it is 5.32:1.
            #expect(text.color == .black, "\(theme.theme)")
            #expect(abs(text.ratio - 5.317) < 0.001, "\(theme.theme): \(text.ratio)")
            #expect(text.required == 4.5)
            let buttonText = try #require(theme.measures.first { $0.part == .buttonText })
            let button = try #require(theme.measures.first { $0.part == .button })
            #expect(buttonText.against == button.color, "a button's words are measured on the button")
            #expect(theme.measures.map(\.part) == [.title, .text, .button, .buttonText])
        }
        // Normal's TextColor, which Sage takes, is #777777: 1.13:1 on the grey, under 4.5, so not used.
        for theme in contrast where [.normal, .sage].contains(theme.theme) {
            let replaced = try #require(theme.measures.first { $0.part == .text }?.replaced, "\(theme.theme)")
            #expect(replaced.name == "TextColor" && replaced.color == HexColor(red: 0x77, green: 0x77, blue: 0x77))
            #expect(abs(replaced.ratio - 1.1339) < 0.001, "\(replaced.ratio)")
        }
        for theme in contrast where ![.normal, .sage].contains(theme.theme) {
            #expect(theme.measures.allSatisfy { $0.replaced == nil }, "\(theme.theme) has no TextColor of its own to replace")
        }
    }

    @Test func theJSONCutsRatiosToHundredths() {
        #expect(ReviewJSON.ratio(4.4999).rendered(pretty: false) == "4.49")
        #expect(ReviewJSON.ratio(21).rendered(pretty: false) == "21.00")
        #expect(JSONValue.decimal(16_384, places: 1).rendered() == "1638.4\n")
        #expect(JSONValue.decimal(-5, places: 2).rendered(pretty: false) == "-0.05")
        #expect(JSONValue.decimal(7, places: 0).rendered(pretty: false) == "7")
    }
}
