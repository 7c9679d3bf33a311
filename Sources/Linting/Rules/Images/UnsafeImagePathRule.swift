import AppDefModel

struct UnsafeImagePathRule: Rule {
    static let description = RuleDescription(
        id: "unsafe-image-path", category: .images, severity: .error,
        summary: "An image path whose file name is unusable, or a link out of the images folder.",
        rationale:
            "Only the file name of the path is used, inside the images folder; a name that is empty, `..`, has control characters, or is a link to elsewhere could make the build read other files.",
        triggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <onboarding-screen-image lang="default">↓<image>C:\\Users\\me\\Pictures\\..</image></onboarding-screen-image>
                </onboarding-screen>
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <onboarding-screen-image lang="default"><image>../../../a.png</image></onboarding-screen-image>
                </onboarding-screen>
                """, images: ["a.png": .png])
        ],
        isSafetyRule: true)

    func check(_ context: LintContext) -> [Finding] {
        let unsafeNames = context.imageReferences.compactMap { reference in
            ImagePath.unsafeReason(reference.fileName).map {
                // The path is not quoted: its folders are where the author picked the file on
                // their machine (`C:\Users\<name>\...`), which the review page, a shared file,
                // must not carry; the location points at it, and the reason names the last part.
                Finding(position: reference.position, message: "unusable image path: \($0)")
            }
        }
        let escaping = context.lookedUpImages.compactMap { reference, lookup -> Finding? in
            guard case .outsideFolder = lookup else { return nil }
            return Finding(
                position: reference.position,
                message: "'\(reference.fileName)' is a link that leads out of \(context.images.displayPath); it is not read")
        }
        return unsafeNames + escaping
    }
}
