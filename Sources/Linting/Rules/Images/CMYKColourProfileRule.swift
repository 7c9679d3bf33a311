import AppDefModel

/// A CMYK JPEG with a colour profile is drawn in other colours by each browser.
struct CMYKColourProfileRule: Rule {
    static let description = RuleDescription(
        id: "cmyk-colour-profile", category: .images, severity: .warning,
        summary: "A CMYK JPEG with a colour profile is drawn in other colours by each browser.",
        rationale:
            "Screens show RGB colours; a CMYK JPEG (a print workflow's) is turned into them by each browser its own way. Chromium turns it through its colour profile, WebKitGTK ignores the profile and takes each ink's complement, and their colour engines differ again in the dark tones: a 50% black was drawn grey 127 by one and (145, 132, 129) by the other. The build publishes it turned into sRGB through its profile (as lcms turns it, perceptually), which matches neither everywhere. An untagged CMYK JPEG, which both draw alike, is published as they draw it. Save the picture as an RGB (sRGB) image to decide its colours.",
        triggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <onboarding-screen-image lang="default">↓<image>/Users/me/Pictures/brochure.jpg</image></onboarding-screen-image>
                </onboarding-screen>
                """, images: ["brochure.jpg": .cmykJPEGWithProfile])
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <onboarding-screen-image lang="default"><image>/Users/me/Pictures/photo.jpg</image></onboarding-screen-image>
                </onboarding-screen>
                """, images: ["photo.jpg": .jpeg])
        ])

    func check(_ context: LintContext) -> [Finding] {
        context.lookedUpImages.compactMap { reference, lookup -> Finding? in
            guard case .found(let file) = lookup, file.hasCMYKProfile, file.damage == nil else { return nil }
            return Finding(
                position: reference.position,
                message:
                    "'\(reference.fileName)' is a CMYK JPEG with a colour profile: browsers draw its colours otherwise (Chromium through the profile, WebKitGTK without it), and it is published turned into sRGB through the profile",
                notes: ["save it as an RGB (sRGB) image to decide its colours everywhere"])
        }
    }
}
