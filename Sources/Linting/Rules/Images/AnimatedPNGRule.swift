import AppDefModel

/// An animated PNG is published as its still default image: libvips reads no more of it.
struct AnimatedPNGRule: Rule {
    static let description = RuleDescription(
        id: "animated-png", category: .images, severity: .warning,
        summary: "An animated PNG is published as a still picture: its default image, without the animation.",
        rationale:
            "libvips, which makes the published images, reads an animated PNG's default image only (Debian's libvips 8.14 decodes no APNG frames), so the build publishes that picture, the one every viewer without APNG support shows. It warns rather than stops: the screen still shows a picture and the carousel works, where an error would hold up the whole build for the motion of one image. To keep the motion, save the animation as an animated WebP or GIF, which the build publishes animated.",
        triggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <onboarding-screen-image lang="default">↓<image>/Users/me/Pictures/moving.png</image></onboarding-screen-image>
                </onboarding-screen>
                """, images: ["moving.png": .animatedPNG])
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <onboarding-screen-image lang="default"><image>/Users/me/Pictures/still.png</image></onboarding-screen-image>
                </onboarding-screen>
                """, images: ["still.png": .png])
        ])

    func check(_ context: LintContext) -> [Finding] {
        context.lookedUpImages.flatMap { reference, lookup -> [Finding] in
            guard case .found(let file) = lookup else { return [] }
            let note = "to keep the animation, save it as an animated WebP or GIF"
            if case .published(let svg)? = file.svg {
                return svg.embeddedImages.filter(\.isAnimatedPNG).map { image in
                    Finding(
                        position: reference.position,
                        message:
                            "'\(reference.fileName)': \(image.description) is an animated PNG: it is published as its still default image, without the animation",
                        notes: [note])
                }
            }
            guard file.isAnimatedPNG, file.damage == nil else { return [] }
            return [
                Finding(
                    position: reference.position,
                    message: "'\(reference.fileName)' is an animated PNG: it is published as its still default image, without the animation",
                    notes: [note])
            ]
        }
    }
}
