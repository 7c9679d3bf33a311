import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// What the manifest states, so that a consumer need not work anything out again.
struct ManifestTests {
    /// The manifest of an appDef written into a temporary project.
    func manifest(of appDef: String) throws -> [String: Any] {
        let folder = TemporaryFolder()
        try folder.write("app.appDef", appDef)
        let result = OnboardingBuilder().manifest(appDefPath: folder.path("app.appDef"))
        let json = try #require(result.json, "\(result.diagnostics.map(\.message))")
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    func backgrounds(of appDef: String) throws -> [[String: String]] {
        let screens = try #require(try manifest(of: appDef)["screens"] as? [[String: Any]])
        return try screens.map { try #require($0["background"] as? [String: String]) }
    }

    static let palette = """
        <colors type="main">
          <color name="BackgroundColor">
            <cm theme="Normal" value="#FAFAFA"/><cm theme="Sepia" value="#F4ECD8"/><cm theme="Dark" value="#121212"/>
            <cm theme="Charcoal" value="#263238"/>
          </color>
        </colors>
        """

    @Test func aDefaultBackgroundStatesTheColourOfEveryTheme() throws {
        let backgrounds = try backgrounds(
            of: """
                <app-definition>\(Self.palette)
                  <onboarding-screen>
                    <title type="top-title"><translation>Welcome</translation></title>
                    <features type="onboarding-screen"><feature name="background" value="default"/></features>
                  </onboarding-screen>
                </app-definition>
                """)
        // White in Normal as SAB's apps show it; the app's own background elsewhere; the PWA's
        // themes take their own where the palette has one, else their base theme's.
        #expect(
            backgrounds == [
                [
                    "mode": "default", "normal": "#ffffff", "sepia": "#f4ecd8", "dark": "#121212",
                    "sage": "#ffffff", "rose": "#f4ecd8", "charcoal": "#263238",
                ]
            ])
    }

    @Test func aCustomBackgroundStatesTheColourOfEveryTheme() throws {
        let backgrounds = try backgrounds(
            of: """
                <app-definition>\(Self.palette)
                  <onboarding-screen>
                    <title type="top-title"><translation>Welcome</translation></title>
                    <features type="onboarding-screen">
                      <feature name="background" value="custom"/><feature name="background-normal" value="#80FF65"/>
                      <feature name="background-dark" value="#1B5E20"/>
                    </features>
                  </onboarding-screen>
                </app-definition>
                """)
        #expect(
            backgrounds == [
                [
                    "mode": "custom", "normal": "#80ff65", "sepia": "#80ff65", "dark": "#1b5e20",
                    "sage": "#80ff65", "rose": "#80ff65", "charcoal": "#1b5e20",
                ]
            ])
    }

    @Test func everyThemeOfTheManifestIsOneTheCarouselKnows() throws {
        let backgrounds = try backgrounds(
            of: """
                <app-definition><onboarding-screen><title type="top-title"><t>Hi</t></title></onboarding-screen></app-definition>
                """)
        let themes = Set(try #require(backgrounds.first).keys).subtracting(["mode"])
        #expect(themes == Set(ColorTheme.allCases.map(\.rawValue)))
        #expect(themes == ["normal", "sepia", "dark", "sage", "rose", "charcoal"])
    }
}
