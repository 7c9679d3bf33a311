internal import ImageProcessing
import PathText

// Rules about what libvips, which makes the published variants, makes of each raster image.

struct ImageNotDecodableRule: Rule {
    static let description = RuleDescription(
        id: "image-not-decodable", severity: .error,
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
                // The pictures an SVG embeds, which the build makes again as it does image files.
                return svg.embeddedImages.compactMap { image in
                    ImageProcessor.problemReading(image.bytes).map { problem in
                        Finding(
                            position: reference.position,
                            message: "'\(reference.fileName)' cannot be published: libvips cannot read \(image.description): \(problem.description)",
                            notes: ["export the picture again and embed it anew"])
                    }
                }
            }
            guard file.isResized, file.size != nil, file.damage == nil,
                let problem = PathText.withCString(file.path, { ImageProcessor.problemReading(fileAt: $0) })
            else { return [] }
            return [
                Finding(
                    position: reference.position, message: "'\(reference.fileName)' cannot be read by libvips: \(problem.description)",
                    notes: ["export it again from the photo or drawing program"])
            ]
        }
    }
}

struct ImageLargerThanNeededRule: Rule {
    /// A source over this many bytes is noted, whatever its width.
    static let byteLimit: Int64 = 1_000_000

    static let description = RuleDescription(
        id: "image-larger-than-needed", severity: .note,
        summary: "The image is far larger than any screen shows: more than twice the widest published size, or over 1 MB.",
        rationale:
            "The build publishes smaller copies, so visitors never download the original; a smaller source keeps the project and its builds light, and says what the build will publish. An animated GIF or WebP is measured as a still is.",
        triggeringExamples: [
            RuleExample(
                """
                <onboarding-screen>
                  <onboarding-screen-image lang="default">↓<image>/Users/me/Pictures/camera.jpg</image></onboarding-screen-image>
                </onboarding-screen>
                """, images: ["camera.jpg": .jpegOverOneMegabyte])
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
        context.lookedUpImages.compactMap { reference, lookup in
            guard case .found(let file) = lookup, file.isResized, let size = file.size, file.damage == nil, let byteCount = file.byteCount,
                size.width > 2 * ImageVariantWidths.largest || byteCount > Self.byteLimit
            else { return nil }
            let widths = ImageVariantWidths.widths(for: size, animated: file.isAnimated)
            let why =
                size.width > 2 * ImageVariantWidths.largest
                ? "is \(size.width) pixels wide, more than twice the widest size a screen is given (\(ImageVariantWidths.largest))"
                : "is \(Double(byteCount / 100_000) / 10) MB, more than a screen needs"
            return Finding(
                position: reference.position, message: "'\(reference.fileName)' \(why)",
                notes: [
                    "the build publishes it \(widths.map(String.init).joined(separator: ", ")) pixels wide, "
                        + (file.isAnimated ? "as animated WebP and as an animated GIF" : "as WebP and as JPEG or PNG")
                        + " for older browsers; visitors never download the original"
                ])
        }
    }
}
