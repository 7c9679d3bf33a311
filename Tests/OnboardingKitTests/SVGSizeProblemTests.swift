import Foundation
import Testing

@testable import AppDefModel
@testable import OnboardingKit

/// An SVG whose root gives no size a page can reserve is an error at its reference that says
/// which attribute and why; before, each was reported as a damaged or truncated file.
@Suite struct SVGSizeProblemTests {
    @Test(
        arguments: [
            (#"width="1e309" height="10""#, "its width '1e309' is no length a page can show"),
            (#"width="0" height="10""#, "its width '0' is no length a page can show"),
            (#"width="10" height="-5""#, "its height '-5' is no length a page can show"),
            (#"width="1000000mm" height="10mm""#, "its width '1000000mm' is no length a page can show"),
            (#"width="10em""#, "its <svg> has no viewBox"),
            (#"viewBox="0 0 0 10""#, "its viewBox '0 0 0 10' is not four numbers"),
            (#"viewBox="0 0 4e6 10""#, "its viewBox '0 0 4e6 10' gives a size of a million pixels or more"),
            (#"width="0.2" height="0.2""#, "its size rounds to nothing (0×0 pixels)"),
        ])
    func anSVGWithoutASizeIsAnErrorThatSaysWhy(root: String, reason: String) throws {
        let folder = TemporaryFolder()
        try folder.write(
            "app.appDef",
            """
            <?xml version="1.0" encoding="utf-8"?>
            <app-definition type="SAB"><translation-mappings default-lang="en"/><onboarding-screens><onboarding-screen>
            <onboarding-screen-image lang="default"><image>drawing.svg</image></onboarding-screen-image>
            </onboarding-screen></onboarding-screens></app-definition>
            """)
        try folder.write("images/onboarding/drawing.svg", Data(#"<svg xmlns="http://www.w3.org/2000/svg" \#(root)><rect width="5" height="5"/></svg>"#.utf8))
        let result = try OnboardingBuilder(options: BuildOptions(outputDirectory: folder.path("out"))).build(appDefPath: folder.path("app.appDef"))
        #expect(!result.succeeded)
        let problem = try #require(result.diagnostics.first { $0.ruleID == "image-content-mismatch" })
        #expect(problem.message.hasPrefix("'drawing.svg' has no size a page can reserve: \(reason)"), "\(problem.message)")
        #expect(problem.location.line == 3)
        #expect(!FileManager.default.fileExists(atPath: folder.path("out")))
    }
}
