import Foundation
import Testing

@testable import AppDefModel
@testable import Generation
@testable import Linting
@testable import OnboardingKit

/// An appDef names each image by the path where its author picked it, on the author's machine:
/// `C:\Users\Jane Doe\Pictures\Private\photo.png`. What the build publishes (the manifest, the
/// pages, the script, the data) carries the image's name only: a user name and folder names
/// are not for the public web. (Lint, which only the author reads, points at the path in the
/// appDef.)
struct LocalPathTests {
    static let appDef = """
        <?xml version="1.0" encoding="utf-8"?>
        <app-definition type="SAB" program-version="12.3">
          <app-name lang="default">Paths</app-name>
          <translation-mappings default-lang="en"/>
          <onboarding-screens>
            <onboarding-screen>
              <title type="top-title"><translation>Welcome</translation><translation lang="fr">Bienvenue</translation></title>
              <onboarding-screen-image lang="default"><image>C:\\Users\\Jane Doe\\Pictures\\Private\\photo.png</image></onboarding-screen-image>
              <onboarding-screen-image lang="fr"><image>\\\\fileserver-jd\\homes-jd\\Drafts\\photo-fr.png</image></onboarding-screen-image>
            </onboarding-screen>
            <onboarding-screen>
              <title type="top-title"><translation>Read</translation></title>
              <onboarding-screen-image><image>/Users/jdoe-secret/Private Albums/logo.svg</image></onboarding-screen-image>
            </onboarding-screen>
          </onboarding-screens>
        </app-definition>
        """

    /// Every folder and user name of the paths above; none is a word of the page's texts.
    static let folderNames = ["Users", "Jane", "Doe", "Pictures", "Private", "fileserver-jd", "homes-jd", "Drafts", "jdoe-secret", "Albums", "C:"]

    @Test func noPublishedFileHoldsAFolderOfAnImagePath() throws {
        let folder = TemporaryFolder()
        try folder.write("app.appDef", Self.appDef)
        let png = Data(ExampleProject.bytes(of: .png))
        try folder.write("images/onboarding/photo.png", png)
        try folder.write("images/onboarding/photo-fr.png", png)
        try folder.write(
            "images/onboarding/logo.svg", #"<svg xmlns="http://www.w3.org/2000/svg" width="4" height="3"><rect width="4" height="3"/></svg>"#)
        let out = folder.path("out")
        let result = try OnboardingBuilder(options: BuildOptions(outputDirectory: out)).build(appDefPath: folder.path("app.appDef"))
        #expect(result.succeeded, "\(result.diagnostics.map(\.message))")

        let files = filesUnder(out)
        #expect(files.count > 5, "\(files.keys.sorted())")
        for (path, bytes) in files.sorted(by: { $0.key < $1.key }) {
            let text = String(decoding: bytes, as: UTF8.self)
            for name in Self.folderNames where text.contains(name) {
                Issue.record("\(path) holds '\(name)', a folder of an image path")
            }
        }

        // The manifest names each image by its name, as the images folder has it.
        let manifestBytes = try #require(files["onboarding.json"])
        let manifest = try #require(try JSONSerialization.jsonObject(with: manifestBytes) as? [String: Any])
        let screens = try #require(manifest["screens"] as? [[String: Any]])
        let sources = try screens.map { screen in
            try #require(screen["image"] as? [String: [String: Any]]).mapValues { $0["source"] as? String }
        }
        #expect(sources == [["default": "photo.png", "fr": "photo-fr.png"], ["default": "logo.svg"]])
    }
}
