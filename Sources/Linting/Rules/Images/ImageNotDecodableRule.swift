import AppDefModel
internal import ImageProcessing
import PathText

struct ImageNotDecodableRule: Rule {
    static let description = RuleDescription(
        id: BuildDiagnosticID.imageNotDecodable, category: .images, severity: .error,
        summary: "libvips, which makes the published sizes of each image, cannot read the image.",
        rationale:
            "The build publishes each PNG, JPEG, GIF and WebP image as smaller WebP and JPEG, PNG or GIF files made with libvips; an image it cannot read cannot be published. Export it again from the photo or drawing program.",
        triggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <onboarding-screen-image lang="default">↓<image>/Users/me/Pictures/odd.png</image></onboarding-screen-image>
                </onboarding-screen>
                """, images: ["odd.png": .pngWithInvalidHeader])
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
        context.lookedUpImages.flatMap { reference, lookup -> [Finding] in
            // Only what image-content-mismatch finds whole: the rest it reports. Without libvips
            // there is nothing to ask: a build that needs it says so, `--keep-original-images` does not.
            guard case .found(let file) = lookup, ImageProcessor.isAvailable else { return [] }
            if case .published(let svg)? = file.svg {
                // The pictures an SVG embeds, which the build makes again as it does image files,
                // an animation with every frame.
                return svg.embeddedImages.compactMap { image in
                    if let problem = ImageProcessor.problemReading(image.bytes) {
                        return Finding(
                            position: reference.position,
                            message: "'\(reference.fileName)' cannot be published: libvips cannot read \(image.description): \(problem.description)",
                            notes: ["export the picture again and embed it anew"])
                    }
                    return ImageProcessor.problemTurningFrames(image.bytes).map { turned in
                        Finding(
                            position: reference.position,
                            message: "'\(reference.fileName)' cannot be published: \(image.description): \(turned.description)",
                            notes: ["export the picture again and embed it anew"])
                    }
                }
            }
            guard file.isResized, file.size != nil, file.damage == nil else { return [] }
            if file.isAnimated, let turned = PathText.withCString(file.path, { ImageProcessor.problemTurningFrames(fileAt: $0) }) {
                return [
                    Finding(
                        position: reference.position, message: "'\(reference.fileName)' cannot be published: \(turned.description)",
                        notes: ["export it again from the photo or drawing program"])
                ]
            }
            guard let problem = PathText.withCString(file.path, { ImageProcessor.problemReading(fileAt: $0) }) else { return [] }
            return [
                Finding(
                    position: reference.position, message: "'\(reference.fileName)' cannot be read by libvips: \(problem.description)",
                    notes: ["export it again from the photo or drawing program"])
            ]
        }
    }
}
